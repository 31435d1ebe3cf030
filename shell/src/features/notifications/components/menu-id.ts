/** The bell's menu, named by the button's aria-controls. */
export const BELL_MENU_ID = 'notifications-menu';
