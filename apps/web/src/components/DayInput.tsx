import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useTranslation } from 'react-i18next';

export type DayInputProps = Omit<DatePickerInputProps, 'value' | 'onChange' | 'type'> & {
  /** A calendar day as the API speaks it (YYYY-MM-DD), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * A calendar day picked from Mantine's calendar in the reader's language and shown as spec §9's DD/MM/YYYY — never
 * the browser's own date field, which follows the browser's locale (mm/dd/yyyy) instead of the person's.
 */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  const { i18n } = useTranslation();
  return (
    <DatePickerInput
      valueFormat="DD/MM/YYYY"
      locale={i18n.language}
      clearable
      {...props}
      value={value || null}
      onChange={(day) => onChange(day || null)}
    />
  );
}
