/** public: anyone; signed-out-only: visitors without a session; signed-in: needs an access token. */
export type RouteAccess = 'public' | 'signed-out-only' | 'signed-in';
