import { PortalLogo } from 'shared-auth/ui';

/** The product mark: the portal's one logo (shared-auth/ui), used by every public page. */
export function Logo({ size = 'medium', color = 'inherit' }: { size?: 'medium' | 'large'; color?: string }) {
  return <PortalLogo size={size} color={color} />;
}
