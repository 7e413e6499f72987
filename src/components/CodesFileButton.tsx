// 'Carica CSV' for a presale's one-time codes (docs/behaviour.md#presales): a label styled as a
// button around a hidden file input taking CSV or plain text, in the editor's presale group and
// in the Fan view's 'Aggiungi codici'.
import type { ChangeEvent } from 'react';
import { FileUp } from 'lucide-react';

export function CodesFileButton({
  label,
  className,
  iconSize,
  onFile,
  disabled,
}: {
  label: string;
  className: string;
  iconSize: number;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
}) {
  return (
    <label className={className}>
      <FileUp size={iconSize} aria-hidden="true" />
      {label}
      <input
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        className="visually-hidden"
        onChange={onFile}
        disabled={disabled}
      />
    </label>
  );
}
