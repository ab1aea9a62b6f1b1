import { type Kysely, sql } from 'kysely'

/**
 * The signed-in person in one call with a plan kept per connection. Every signed-in request reads its
 * session; as a plain statement PostgreSQL planned that join on every request, which cost about three times
 * running it (0.10 ms against 0.03 ms, pg_stat_statements during bench:holds). Same rows as
 * `storedSession` read before: the session by its token, joined to its user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function session_of(p_token text)
    returns table ("userId" uuid, name text, email text, role text, "expiresAt" timestamptz)
    language plpgsql
    stable
    set plan_cache_mode = force_generic_plan
    as $fn$
    #variable_conflict use_column
    begin
      return query
        select u.id, u.name, u.email, u.role, s."expiresAt"
        from auth_sessions s join auth_users u on u.id = s."userId"
        where s.token = p_token;
    end
    $fn$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists session_of(text)`.execute(db)
}
