CREATE TABLE "feed_buckets" (
	"scope" text NOT NULL,
	"is_sticked" integer NOT NULL,
	"day" integer NOT NULL,
	"stripe" integer NOT NULL,
	"n_public" integer DEFAULT 0 NOT NULL,
	"n_registered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feed_buckets_scope_is_sticked_day_stripe_pk" PRIMARY KEY("scope","is_sticked","day","stripe")
);
--> statement-breakpoint
CREATE TABLE "tale_tags" (
	"tag" text NOT NULL,
	"tale_id" integer NOT NULL,
	"is_sticked" integer NOT NULL,
	"publish_at" bigint NOT NULL,
	"is_for_registered" integer NOT NULL,
	CONSTRAINT "tale_tags_tale_id_tag_pk" PRIMARY KEY("tale_id","tag")
);
--> statement-breakpoint
ALTER TABLE "tale_tags" ADD CONSTRAINT "tale_tags_tale_id_tales_id_fk" FOREIGN KEY ("tale_id") REFERENCES "public"."tales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tale_tags_feed_idx" ON "tale_tags" USING btree ("tag","is_sticked" DESC NULLS FIRST,"publish_at" DESC NULLS FIRST,"tale_id" DESC NULLS FIRST,"is_for_registered");--> statement-breakpoint
-- Keeps feed_buckets and tale_tags exact on every write of a tale, whoever makes it (the app, the
-- command-line tool, a cascade). A post is in its lists while it is saved and not a draft (the
-- feed index's own condition); when it shows (publish_at <= now) and to whom (is_for_registered)
-- is decided by the reader. Scopes are taken in one order (the feed, the author, tags sorted), and
-- each backend writes its own stripe, so writers of one day rarely wait for each other.
CREATE FUNCTION "tales_feed_positions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_stripe integer := pg_backend_pid() % 8;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.type = 'POST' AND OLD.is_submitted = 1 AND OLD.is_draft = 0 THEN
    INSERT INTO feed_buckets AS b (scope, is_sticked, day, stripe, n_public, n_registered)
    SELECT s.scope, OLD.is_sticked, floor(OLD.publish_at / 86400.0)::int, my_stripe,
           -(1 - OLD.is_for_registered), -OLD.is_for_registered
    FROM (SELECT '' AS scope UNION ALL SELECT 'u:' || OLD.owner_id
          UNION ALL SELECT DISTINCT 't:' || t FROM unnest(OLD.tags) t) s
    ORDER BY s.scope
    ON CONFLICT (scope, is_sticked, day, stripe)
      DO UPDATE SET n_public = b.n_public + excluded.n_public, n_registered = b.n_registered + excluded.n_registered;
    DELETE FROM tale_tags WHERE tale_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.type = 'POST' AND NEW.is_submitted = 1 AND NEW.is_draft = 0 THEN
    INSERT INTO feed_buckets AS b (scope, is_sticked, day, stripe, n_public, n_registered)
    SELECT s.scope, NEW.is_sticked, floor(NEW.publish_at / 86400.0)::int, my_stripe,
           1 - NEW.is_for_registered, NEW.is_for_registered
    FROM (SELECT '' AS scope UNION ALL SELECT 'u:' || NEW.owner_id
          UNION ALL SELECT DISTINCT 't:' || t FROM unnest(NEW.tags) t) s
    ORDER BY s.scope
    ON CONFLICT (scope, is_sticked, day, stripe)
      DO UPDATE SET n_public = b.n_public + excluded.n_public, n_registered = b.n_registered + excluded.n_registered;
    INSERT INTO tale_tags (tag, tale_id, is_sticked, publish_at, is_for_registered)
    SELECT DISTINCT t, NEW.id, NEW.is_sticked, NEW.publish_at, NEW.is_for_registered FROM unnest(NEW.tags) t;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tales_feed_positions_insert_delete" AFTER INSERT OR DELETE ON "tales"
  FOR EACH ROW EXECUTE FUNCTION "tales_feed_positions"();
--> statement-breakpoint
CREATE TRIGGER "tales_feed_positions_update" AFTER UPDATE ON "tales" FOR EACH ROW
  WHEN ((OLD.type, OLD.is_submitted, OLD.is_draft, OLD.is_sticked, OLD.publish_at, OLD.is_for_registered, OLD.owner_id, OLD.tags)
        IS DISTINCT FROM (NEW.type, NEW.is_submitted, NEW.is_draft, NEW.is_sticked, NEW.publish_at, NEW.is_for_registered, NEW.owner_id, NEW.tags))
  EXECUTE FUNCTION "tales_feed_positions"();
--> statement-breakpoint
-- The lists as they are now.
INSERT INTO "feed_buckets" (scope, is_sticked, day, stripe, n_public, n_registered)
SELECT s.scope, t.is_sticked, floor(t.publish_at / 86400.0)::int, 0,
       count(*) FILTER (WHERE t.is_for_registered = 0), count(*) FILTER (WHERE t.is_for_registered = 1)
FROM tales t
CROSS JOIN LATERAL (SELECT '' AS scope UNION ALL SELECT 'u:' || t.owner_id
                    UNION ALL SELECT DISTINCT 't:' || g FROM unnest(t.tags) g) s
WHERE t.type = 'POST' AND t.is_submitted = 1 AND t.is_draft = 0
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "tale_tags" (tag, tale_id, is_sticked, publish_at, is_for_registered)
SELECT DISTINCT g, t.id, t.is_sticked, t.publish_at, t.is_for_registered
FROM tales t CROSS JOIN LATERAL unnest(t.tags) g
WHERE t.type = 'POST' AND t.is_submitted = 1 AND t.is_draft = 0;
