import { z } from 'zod';
import { UPLOAD_KIND_NAMES } from '../uploads.js';

/** POST api/uploads?kind=…: which rules the files are checked against. */
export const uploadQuerySchema = z.object({ kind: z.enum(UPLOAD_KIND_NAMES, 'upload.invalid_kind') });
export type UploadQuery = z.infer<typeof uploadQuerySchema>;

/** One stored file: the address it is served from, and what the person sent. */
export const uploadedFileSchema = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const uploadResponseSchema = z.object({ data: z.array(uploadedFileSchema) });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** GET api/admin/settings/storage: what a company's uploads take (bytes, files) of its quota. */
export const storageUsageSchema = z.object({
  used_bytes: z.number().int().nonnegative(),
  quota_bytes: z.number().int().positive(),
  files: z.number().int().nonnegative(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;
