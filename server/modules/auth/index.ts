/** Users, passwords, sessions and the login throttle. */
export { authRoutes } from './routes';
export { createAuthService, type AuthService, type AuthSession } from './service';
export { PASSWORD_PROBLEM_MESSAGE, passwordProblem } from './passwords';
export { USERNAME_PATTERN, deleteUser, ensureInitialAdmin, localActor, upsertUser } from './users';
