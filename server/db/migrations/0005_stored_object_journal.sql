CREATE TABLE "stored_object_journal" (
	"key" text PRIMARY KEY NOT NULL,
	"name_fs" text NOT NULL,
	"intent" text NOT NULL,
	"due_at" bigint NOT NULL,
	"created_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_object_journal_due_idx" ON "stored_object_journal" USING btree ("due_at");--> statement-breakpoint
-- Every file row deleted (one by one, or with its tale or user by cascade) journals its stored
-- objects for removal in the same transaction: `<base>.<ext>`, and `<base>-display.webp`,
-- `<base>-thumb.webp` when it has them (server/features/files/objects.ts names them alike).
-- Due after 60 seconds (REMOVE_GRACE_SECONDS): the deleting request removes them itself first.
CREATE FUNCTION "files_journal_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "stored_object_journal" ("key", "name_fs", "intent", "due_at")
	SELECT k, OLD."name_fs", 'remove', floor(extract(epoch from now()))::bigint + 60
	FROM unnest(ARRAY[
		OLD."name_fs",
		CASE WHEN OLD."has_display" <> 0 THEN split_part(OLD."name_fs", '.', 1) || '-display.webp' END,
		CASE WHEN OLD."has_thumb" <> 0 THEN split_part(OLD."name_fs", '.', 1) || '-thumb.webp' END
	]) AS k
	WHERE k IS NOT NULL
	ON CONFLICT ("key") DO NOTHING;
	RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "files_journal_removal" AFTER DELETE ON "files" FOR EACH ROW EXECUTE FUNCTION "files_journal_removal"();
