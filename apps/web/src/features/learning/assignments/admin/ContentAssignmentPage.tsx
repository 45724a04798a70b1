import { useMemo } from 'react';
import { useParams } from 'react-router';
import { NewAssignment } from './AssignmentFormPage.js';

/**
 * `/admin/content/{id}/assignment` (create_content): a content is given to people by an assignment now (issue 14),
 * so this is the assignment form with that content as its item.
 */
export default function ContentAssignmentPage() {
  const { id = '' } = useParams();
  const prefill = useMemo(
    () => (/^\d{1,10}$/.test(id) ? { type: 'content' as const, ref_id: Number(id) } : null),
    [id],
  );
  return <NewAssignment prefill={prefill} />;
}
