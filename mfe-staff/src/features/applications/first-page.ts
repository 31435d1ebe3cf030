/**
 * The review queue's first page with no filter, as the list asks the API for
 * it ('applications?page=1&size=20'). The server embeds that answer in the
 * page it renders for the person (src/server.ts, decision 013), and the list
 * takes it from there instead of asking again. A module of its own: the
 * server bundle's entry reads it without the list's code.
 */
export const PAGE_SIZE = 20;

export const FIRST_PAGE_PATH = `applications?page=1&size=${PAGE_SIZE}`;
