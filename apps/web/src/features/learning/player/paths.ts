/** Until educations exist (issue 13) the player opens a content by its id, and says so in the address. */
export const PLAYER_SOURCE_CONTENT = 'content';

/** The link to a content in the player (the spec's `/eduction/{id}/player` spelling). */
export const playerPath = (contentId: number) => `/eduction/${contentId}/player?source=${PLAYER_SOURCE_CONTENT}`;
