import { createPortalTheme, PORTAL_NAVY } from 'shared-auth/ui';

export const SIDEBAR_BACKGROUND = PORTAL_NAVY;

export const theme = createPortalTheme();
