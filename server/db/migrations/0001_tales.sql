CREATE TABLE "tales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text DEFAULT 'POST' NOT NULL,
	"owner_id" integer NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_free" text DEFAULT '' NOT NULL,
	"body_txt" text DEFAULT '' NOT NULL,
	"publish_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL,
	"created_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL,
	"updated_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL,
	"is_submitted" integer DEFAULT 0 NOT NULL,
	"router_alias" text,
	"iframe" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT '' NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"root_tale_id" integer,
	"answer_to_tale_id" integer,
	"count_root_tale_id" integer DEFAULT 0 NOT NULL,
	"count_answer_to_tale_id" integer DEFAULT 0 NOT NULL,
	"count_files" integer DEFAULT 0 NOT NULL,
	"count_like" integer DEFAULT 0 NOT NULL,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"is_sticked" integer DEFAULT 0 NOT NULL,
	"is_sticked_on_home" integer DEFAULT 0 NOT NULL,
	"is_adult_denied" integer DEFAULT 0 NOT NULL,
	"is_adv" integer DEFAULT 0 NOT NULL,
	"is_comment_denied" integer DEFAULT 0 NOT NULL,
	"is_comment_for_owner" integer DEFAULT 0 NOT NULL,
	"is_header_hidden" integer DEFAULT 0 NOT NULL,
	"is_date_hidden" integer DEFAULT 0 NOT NULL,
	"is_avatar_hidden" integer DEFAULT 0 NOT NULL,
	"is_social_sharing_hidden" integer DEFAULT 0 NOT NULL,
	"is_for_registered" integer DEFAULT 0 NOT NULL,
	"seo_index" double precision DEFAULT 0.1 NOT NULL,
	"geo_is_map_shown" integer DEFAULT 0 NOT NULL,
	"geo_latitude" double precision DEFAULT 0 NOT NULL,
	"geo_longitude" double precision DEFAULT 0 NOT NULL,
	"geo_zoom" integer DEFAULT 11 NOT NULL,
	"geo_map_type" text DEFAULT 'map' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_vector" "tsvector"
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT floor(extract(epoch from now()))::bigint;--> statement-breakpoint
ALTER TABLE "tales" ADD CONSTRAINT "tales_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tales" ADD CONSTRAINT "tales_root_tale_id_tales_id_fk" FOREIGN KEY ("root_tale_id") REFERENCES "public"."tales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tales" ADD CONSTRAINT "tales_answer_to_tale_id_tales_id_fk" FOREIGN KEY ("answer_to_tale_id") REFERENCES "public"."tales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tales_feed_idx" ON "tales" USING btree ("is_sticked" DESC NULLS FIRST,"publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE type = 'POST' and is_submitted = 1 and is_draft = 0;--> statement-breakpoint
CREATE INDEX "tales_owner_feed_idx" ON "tales" USING btree ("owner_id","is_sticked" DESC NULLS FIRST,"publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE type = 'POST' and is_submitted = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "tales_one_unsaved_uq" ON "tales" USING btree ("owner_id") WHERE type = 'POST' and is_submitted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "tales_alias_uq" ON "tales" USING btree (lower("router_alias"));--> statement-breakpoint
CREATE INDEX "tales_search_idx" ON "tales" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tales_tags_idx" ON "tales" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "tales_answers_idx" ON "tales" USING btree ("answer_to_tale_id","publish_at","id");--> statement-breakpoint
CREATE INDEX "tales_root_idx" ON "tales" USING btree ("root_tale_id");