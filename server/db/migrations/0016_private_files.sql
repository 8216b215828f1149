CREATE INDEX "company_files_file_idx" ON "company_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "conversation_messages_files_idx" ON "conversation_messages" USING gin ("file_ids" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "files_thumb_key_idx" ON "files" USING btree ("thumb_key") WHERE thumb_key is not null;--> statement-breakpoint
CREATE INDEX "product_files_file_idx" ON "product_files" USING btree ("file_id");