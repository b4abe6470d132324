ALTER TABLE "outlets" ADD COLUMN "board_amber_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "board_red_minutes" integer DEFAULT 10 NOT NULL;