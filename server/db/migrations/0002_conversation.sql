CREATE TABLE "likes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "likes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"tale_id" integer NOT NULL,
	"created_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"from_id" integer NOT NULL,
	"tale_id" integer NOT NULL,
	"kind" text NOT NULL,
	"txt" text NOT NULL,
	"link" text NOT NULL,
	"created_at" bigint DEFAULT floor(extract(epoch from now()))::bigint NOT NULL,
	"is_shown" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_tale_id_tales_id_fk" FOREIGN KEY ("tale_id") REFERENCES "public"."tales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tale_id_tales_id_fk" FOREIGN KEY ("tale_id") REFERENCES "public"."tales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "likes_user_tale_uq" ON "likes" USING btree ("user_id","tale_id");--> statement-breakpoint
CREATE INDEX "likes_tale_idx" ON "likes" USING btree ("tale_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_uq" ON "notifications" USING btree ("user_id","kind","from_id","tale_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unshown_idx" ON "notifications" USING btree ("user_id") WHERE is_shown = 0;