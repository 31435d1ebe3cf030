/**
 * Shared modules the shell provides to the remotes without using them itself:
 * the one list of them (the shared map reads its keys from here, and each key
 * must load the module it names). Module Federation provides only what a
 * build refers to, so this module refers to them; nothing calls it, and a
 * page downloads such a module only when a remote asks for it.
 */
export const PROVIDED_FOR_REMOTES = {
  '@mui/material/TextField': () => import(/* webpackChunkName: "text-field" */ '@mui/material/TextField'),
};
