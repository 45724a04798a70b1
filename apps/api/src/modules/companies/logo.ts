import { invalidFields } from '../../platform/http/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import { storedNameOf } from '../../platform/uploads.js';

/** Where a chosen logo comes from and where it must end up. */
export interface LogoChoice {
  /** The address the form sent: null for no logo. */
  url: string | null;
  /** The logo the company has now; keeping it needs no check. */
  current: string | null;
  /** The company whose hosts will show the logo; null for a company not created yet. */
  targetCompanyId: number | null;
  /** The company whose host received the upload (the session's host). */
  uploadCompanyId: number;
}

/**
 * Files are served only on the hosts of the company that holds them, and an upload lands in the folder of the host
 * that received it. A super admin uploads a logo on their own host for another company, so a logo found only in the
 * uploader's folder is copied into the target company's folder: the same address then works on the target's hosts.
 * Returns the copy still to make (once the company's id is known), or null when the logo is already in place.
 */
export async function checkLogo(
  storage: FileStorage,
  choice: LogoChoice,
): Promise<((targetId: number) => Promise<void>) | null> {
  if (choice.url === null || choice.url === choice.current) return null;
  const name = storedNameOf(choice.url);
  if (name === null) throw invalidFields({ logo_link: 'companies_admin.logo_invalid' });
  const target = choice.targetCompanyId;
  if (target !== null && (await storage.exists(target, name))) return null;
  if (choice.uploadCompanyId !== target && (await storage.exists(choice.uploadCompanyId, name))) {
    return async (targetId: number) => storage.copy(choice.uploadCompanyId, targetId, name);
  }
  throw invalidFields({ logo_link: 'companies_admin.logo_invalid' });
}
