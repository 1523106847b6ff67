import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Chooses a row action from the row's actions menu (the "⋮" button labelled "<row> 的操作"). */
export async function chooseRowAction(rowName: string, action: string): Promise<void> {
  await userEvent.click(screen.getByRole('button', { name: `${rowName} 的操作` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}
