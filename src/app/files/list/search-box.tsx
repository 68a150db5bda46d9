import { IconButton, InputAdornment, TextField } from '@mui/material';
import { memo, useEffect, useState } from 'react';
import { SearchIcon } from '../../ui/icons';
import { useTexts } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

/** The search field: typing changes nothing until Enter or the search button (docs/spec.md §2). */
export const SearchBox = memo(function SearchBox({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [draft, setDraft] = useState(value);
  const { t } = useTexts(FILES_TEXTS);
  // Back/forward or a filter reset changes the applied search: show it.
  useEffect(() => setDraft(value), [value]);
  const apply = () => onSearch(draft.trim());
  return (
    <TextField
      size="small"
      type="search"
      placeholder={t('searchPlaceholder')}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      slotProps={{
        htmlInput: { 'aria-label': t('searchPlaceholder') },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={t('search')} edge="end" size="small" onClick={apply}>
                <SearchIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: { xs: '100%', sm: 260 } }}
    />
  );
});
