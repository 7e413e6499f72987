// The signup's company field: the shared combobox over GET /api/admin/companies, filtered by
// case-insensitive substring, with a 'Crea nuova: "..."' option for the typed text.
import { useEffect, useId, useMemo, useState } from 'react';
import { Building2 } from 'lucide-react';
import { Combobox, suggestions } from '../../components/Combobox';
import { t } from '../../core/messages';
import { listCompanies } from '../../lib/api-client';

interface Props {
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  error?: string | null;
}

export default function CompanyCombobox({ value, onValue, onBlur, error }: Props) {
  const id = useId();
  const [companies, setCompanies] = useState<string[]>([]);

  useEffect(() => {
    listCompanies()
      .then(setCompanies)
      // the list only helps: a failure to load it is logged and the field still takes any name
      .catch((err: unknown) => console.error(err));
  }, []);

  const options = useMemo(
    () => suggestions(companies, value, (name) => t('signup.createCompany', { name })),
    [companies, value],
  );

  return (
    <Combobox
      label={t('signup.company')}
      listLabel={t('signup.companySuggestions')}
      name="company"
      autoComplete="organization"
      icon={<Building2 size={18} />}
      value={value}
      onValue={onValue}
      onBlur={onBlur}
      options={options}
      invalid={Boolean(error)}
      describedBy={error ? `${id}-err` : `${id}-hint`}
    >
      {error ? (
        <p className="error-text" id={`${id}-err`} role="alert">
          {error}
        </p>
      ) : (
        <p className="hint" id={`${id}-hint`}>
          {t('signup.companyHint')}
        </p>
      )}
    </Combobox>
  );
}
