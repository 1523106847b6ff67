import { Autocomplete, TextField } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppTheme } from '../../../src/app/theme';
import { createI18n } from '../../../src/features/i18n/i18n';
import { loadTranslation } from '../../../src/features/i18n/resources';

describe('MUI texts follow the language (spec §8 select texts over the MUI locale)', () => {
  it.each([
    ['zh-cn', '无匹配数据', '加载中', '打开'],
    ['en', 'No matching data', 'Loading', 'Open'],
  ] as const)('%s', async (language, noMatch, loading, open) => {
    const i18n = createI18n(language, { [language]: await loadTranslation(language) });
    const theme = createAppTheme(language, i18n.getFixedT(language));
    const { rerender } = render(
      <ThemeProvider theme={theme}>
        <Autocomplete options={['alpha']} defaultValue="alpha" renderInput={(p) => <TextField {...p} label="x" />} />
      </ThemeProvider>,
    );
    // MUI's own locale still supplies the texts the spec does not name.
    expect(screen.getByRole('button', { name: open })).toBeInTheDocument();
    const input = screen.getByRole('combobox');
    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText(noMatch)).toBeInTheDocument();
    rerender(
      <ThemeProvider theme={theme}>
        <Autocomplete key="loading" open loading options={[]} renderInput={(p) => <TextField {...p} label="x" />} />
      </ThemeProvider>,
    );
    expect(await screen.findByText(loading)).toBeInTheDocument();
  });
});
