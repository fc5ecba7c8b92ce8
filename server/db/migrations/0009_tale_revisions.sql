CREATE TABLE "tale_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tale_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tale_id" integer NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_txt" text DEFAULT '' NOT NULL,
	"written_at" bigint NOT NULL,
	"replaced_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL,
	"replaced_by" integer
);
--> statement-breakpoint
ALTER TABLE "tales" ADD COLUMN "edited_at" bigint;--> statement-breakpoint
ALTER TABLE "tale_revisions" ADD CONSTRAINT "tale_revisions_tale_id_tales_id_fk" FOREIGN KEY ("tale_id") REFERENCES "public"."tales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tale_revisions" ADD CONSTRAINT "tale_revisions_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tale_revisions_tale_idx" ON "tale_revisions" USING btree ("tale_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tale_revisions_replaced_by_idx" ON "tale_revisions" USING btree ("replaced_by");