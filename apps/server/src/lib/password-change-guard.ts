import type { FastifyInstance } from 'fastify';
import { AUTHENTICATED } from './access';
import { AppError } from './errors';

// A user signed in with a temporary password an administrator set (POST /api/users/{id}/
// reset-password) must choose their own before doing anything else: every route needing a
// permission answers 403 `password_change_required`; routes any signed-in user may call (change
// password, profile, sign out, notifications) stay open. The web reads `must_change_password`
// from the sign-in answer and sends the user to change it. Install after access control, whose
// onRequest hook sets the principal.

export function installPasswordChangeGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!request.principal?.mustChangePassword) return;
    if (request.routeOptions.config.permission === AUTHENTICATED) return;
    throw new AppError('password_change_required');
  });
}
