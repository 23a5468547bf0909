-- Sessions get a version like the cached answers' sources (0007_cache_versions): the embedded database's one
-- process keeps the sessions it has found live in memory while no write to sessions has come, and so looks each
-- request's session up only once (server/modules/auth/service.ts). Logout, a password reset, a user's deletion
-- (its cascade too) and expiring rows all write here. PostgreSQL's instances still look every session up.
CREATE TRIGGER "sessions_cache_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "cache_versions_bump"();
