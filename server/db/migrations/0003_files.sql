CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"tale_id" integer,
	"entity_table" text NOT NULL,
	"entity_id" integer DEFAULT 0 NOT NULL,
	"container" text DEFAULT 'FILE' NOT NULL,
	"root_id" integer DEFAULT 0 NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"name_human" text NOT NULL,
	"name_fs" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"has_display" integer DEFAULT 0 NOT NULL,
	"has_thumb" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tale_id_tales_id_fk" FOREIGN KEY ("tale_id") REFERENCES "public"."tales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_name_fs_uq" ON "files" USING btree ("name_fs");--> statement-breakpoint
CREATE INDEX "files_tale_idx" ON "files" USING btree ("tale_id","order","name_human","id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");