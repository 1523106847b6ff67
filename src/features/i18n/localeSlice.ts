import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, type Language } from './languages';

export interface LocaleState {
  language: Language;
}

const localeSlice = createSlice({
  name: 'locale',
  initialState: { language: DEFAULT_LANGUAGE } as LocaleState,
  reducers: {
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
  },
});

export const { languageChanged } = localeSlice.actions;
export const selectLanguage = (state: { locale: LocaleState }) => state.locale.language;
export default localeSlice.reducer;
