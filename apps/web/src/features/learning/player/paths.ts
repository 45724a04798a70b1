/** A lone content (an admin's preview, "My content") opens in the player by the content's id, and says so. */
export const PLAYER_SOURCE_CONTENT = 'content';

/** The link to a lone content in the player (the spec's `/eduction/{id}/player` spelling). */
export const playerPath = (contentId: number) => `/eduction/${contentId}/player?source=${PLAYER_SOURCE_CONTENT}`;

/**
 * The link to an education in the player, at one of its parts; without a part the player opens the one the server
 * names next (the first unfinished open part).
 */
export const educationPlayerPath = (educationId: number, partId?: number | null) =>
  `/eduction/${educationId}/player${partId ? `?part=${partId}` : ''}`;
