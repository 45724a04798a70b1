import { createContext, useContext, useEffect } from 'react';

/** The record an admin detail page shows, as a breadcrumb between its list and its own title. */
export interface RecordCrumb {
  label: string;
  /** Where the crumb leads (the record's main page), or nothing when this is that page. */
  to?: string;
}

/** Set by the admin layout: how a page tells it the record's name. */
export const RecordCrumbContext = createContext<(crumb: RecordCrumb | null) => void>(() => undefined);

/**
 * Names the record the page shows in the admin breadcrumbs (`Assignments › KVKK eğitimi › Edit assignment`) once it
 * has loaded; the crumb goes when the page does.
 */
export function useRecordCrumb(label: string | undefined, to?: string) {
  const setCrumb = useContext(RecordCrumbContext);
  useEffect(() => {
    if (!label) return;
    setCrumb(to ? { label, to } : { label });
    return () => setCrumb(null);
  }, [label, to, setCrumb]);
}
