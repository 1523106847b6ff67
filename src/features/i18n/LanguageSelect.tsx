import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isLanguage, LANGUAGES } from './languages';
import { languageChanged, selectLanguage } from './localeSlice';

const onDarkSx = {
  '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiNativeSelect-icon': { color: 'inherit' },
  '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.5)' },
};

/** The app language, chosen from the header or the login page (a native select: light for the first paint). */
export default function LanguageSelect({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const label = t('header.language');
  return (
    <FormControl size="small" sx={{ minWidth: 120, ...(onDark ? onDarkSx : {}) }}>
      <InputLabel htmlFor="app-language" shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={language}
        onChange={(e) => isLanguage(e.target.value) && dispatch(languageChanged(e.target.value))}
        input={<OutlinedInput label={label} notched id="app-language" />}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} style={{ color: 'initial' }}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
