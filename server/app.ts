import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { authRoutes } from './modules/auth/routes';
import { createLoginThrottle } from './modules/auth/throttle';
import { createTokenService, type TokenService } from './modules/auth/tokens';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorHandler } from './plugins/error-handler';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  loginThrottle: ReturnType<typeof createLoginThrottle>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** The built SPA (default: config.spaDir); null serves the API alone. */
  spaDir?: string | null;
  logger?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests are never left hanging on a stuck client.
    requestTimeout: 120_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('deps', {
    config,
    db: opts.database.db,
    tokens: createTokenService(opts.jwtSecret, config.jwtExpiresHours),
    loginThrottle: createLoginThrottle(opts.database.db, config.login),
  });

  await app.register(errorHandler);
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(spaPlugin, {
    spaDir: opts.spaDir === undefined ? config.spaDir : opts.spaDir,
  });
  return app;
}
