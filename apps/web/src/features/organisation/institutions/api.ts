import { institutionsContract } from '@kampus/shared';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/institutions` (issue 4). */
export const institutionsResource = contractResource(institutionsContract);
