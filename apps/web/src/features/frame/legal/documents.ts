import type { Locale } from '@kampus/shared';

/** One section of a built-in legal text: a heading, paragraphs, a list, and paragraphs after the list. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  closing?: string[];
}

/** A built-in legal text, written as data so each language reads as a document and renders without HTML. */
export interface LegalDocument {
  title: string;
  intro: string[];
  sections: LegalSection[];
}

/** Kampus's own texts, used when a company has not set its own (spec §1, §2.9); `company` names the controller. */
export interface BuiltInLegalTexts {
  /** The personal-data notice: a KVKK-style aydınlatma metni (tr), its "Fərdi məlumatlar haqqında" counterpart (az). */
  personalData: (company: string) => LegalDocument;
  /** The generic user information text behind the footer's clarification link. */
  userInformation: (company: string) => LegalDocument;
}

export type BuiltInLegalLibrary = Record<Locale, BuiltInLegalTexts>;
