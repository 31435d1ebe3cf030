/** The portal's UI kit: the theme and the notification stack, one of each. */
export { createPortalTheme, PORTAL_GOLD, PORTAL_NAVY } from './theme';
export { NoticeStack, NOTICE_DURATION_MS } from './NoticeStack';
export { NotFoundState, type NotFoundStateProps } from './NotFoundState';
export { PortalLogo, PORTAL_NAME } from './PortalLogo';
