CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"run_token" text,
	"object_key" text,
	"size" bigint,
	"site_base" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"mailed" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL,
	"started_at" bigint,
	"heartbeat_at" bigint,
	"finished_at" bigint,
	"expires_at" bigint
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_active_uq" ON "data_exports" USING btree ("user_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_queue_idx" ON "data_exports" USING btree ("id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE status = 'ready';--> statement-breakpoint
-- An archive row deleted (expired, or with its user by cascade) journals its stored object for
-- removal in the same transaction, as files_journal_removal does for files (migration 0005). The
-- journal's name_fs is the key itself: no file row ever names it, so the sweeper removes it.
CREATE FUNCTION "data_exports_journal_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."object_key" IS NOT NULL THEN
		INSERT INTO "stored_object_journal" ("key", "name_fs", "intent", "due_at")
		VALUES (OLD."object_key", OLD."object_key", 'remove', floor(extract(epoch from now()))::bigint + 60)
		ON CONFLICT ("key") DO NOTHING;
	END IF;
	RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "data_exports_journal_removal" AFTER DELETE ON "data_exports" FOR EACH ROW EXECUTE FUNCTION "data_exports_journal_removal"();
