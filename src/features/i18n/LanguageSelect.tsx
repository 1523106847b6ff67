import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import OutlinedInput from '@mui/material/OutlinedInput';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isLanguage, LANGUAGES } from './languages';
import { languageChanged, selectLanguage } from './localeSlice';

const onDarkSx = {
  '& .MuiInputBase-root, & .MuiInputLabel-root': { color: 'inherit' },
  '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.5)' },
};

const SelectElement = forwardRef<HTMLSelectElement, InputBaseComponentProps>(function SelectElement(props, ref) {
  return <select ref={ref} {...(props as SelectHTMLAttributes<HTMLSelectElement>)} />;
});

/**
 * The app language, chosen from the header or the login page. A plain <select> in the outlined input the login form
 * already loads: MUI's Select/NativeSelect would add their code to the /login first paint.
 */
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
      <OutlinedInput
        id="app-language"
        label={label}
        notched
        value={language}
        onChange={(e) => isLanguage(e.target.value) && dispatch(languageChanged(e.target.value))}
        inputComponent={SelectElement}
        inputProps={{
          children: LANGUAGES.map((lang) => (
            <option key={lang} value={lang} style={{ color: 'initial' }}>
              {t(`language.${lang}`)}
            </option>
          )),
        }}
      />
    </FormControl>
  );
}
