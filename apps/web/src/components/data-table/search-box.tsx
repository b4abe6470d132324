import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';
import { useDebouncedText } from '../../lib/use-debounced-text';
import { useStillOnPage } from './use-still-on-page';

/** A list's search box: the query changes 300 ms after typing stops, while still on the page. */
export function SearchBox({
  value,
  onChange,
  label,
  testId,
  minWidth = 220,
}: {
  value: string;
  onChange: (q: string) => void;
  label: string;
  testId?: string;
  minWidth?: number;
}) {
  const stillOnPage = useStillOnPage();
  const search = useDebouncedText(value, onChange, { canSettle: stillOnPage });
  return (
    <TextField
      size="small"
      value={search.text}
      onChange={(e) => search.setText(e.target.value)}
      placeholder={label}
      slotProps={{
        htmlInput: { 'aria-label': label, type: 'search', 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth }}
    />
  );
}
