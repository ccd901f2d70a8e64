/** The session's systemId: the actors it spawns find it by this name (the signature flow tells it of a new profile). */
export const SESSION_SYSTEM_ID = 'session';
