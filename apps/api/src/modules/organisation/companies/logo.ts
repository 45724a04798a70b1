import type { Db } from '../../../db/client.js';
import { invalidFields } from '../../../platform/http/errors.js';
import type { FileStorage } from '../../../platform/storage.js';
import { storedNameOf } from '../../../platform/uploads.js';
import { attachFile, copyFileTo, detachFile } from '../../system/files/service.js';

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

/** What a save must do about the logo inside its transaction, once the target company's id is known. */
export type LogoChange = (tx: Db, targetCompanyId: number) => Promise<void>;

const invalidLogo = () => invalidFields({ logo_link: 'companies.logo_invalid' });

/**
 * Files are served only on the hosts of the company that holds them, and an upload lands in the folder of the host
 * that received it. A super admin uploads a logo on their own host for another company, so a logo found only in the
 * uploader's folder is copied into the target company's folder: the same address then works on the target's hosts.
 * Returns the change still to make (once the company's id is known): attach the new file (or its copy) and let the
 * replaced logo go, so the upload clean-up keeps exactly the logos in use; null when the logo stays as it is.
 */
export async function checkLogo(storage: FileStorage, choice: LogoChoice): Promise<LogoChange | null> {
  const url = choice.url;
  if (url === choice.current) return null;
  const release = (tx: Db, targetId: number) => detachFile(tx, targetId, choice.current);
  if (url === null) return release;
  const name = storedNameOf(url);
  if (name === null) throw invalidLogo();
  const target = choice.targetCompanyId;
  if (target !== null && (await storage.exists(target, name))) {
    return async (tx, targetId) => {
      if (!(await attachFile(tx, targetId, url))) throw invalidLogo();
      await release(tx, targetId);
    };
  }
  const uploader = choice.uploadCompanyId;
  if (uploader !== target && (await storage.exists(uploader, name))) {
    return async (tx, targetId) => {
      if (!(await copyFileTo(tx, storage, uploader, targetId, url))) throw invalidLogo();
      await release(tx, targetId);
    };
  }
  throw invalidLogo();
}
