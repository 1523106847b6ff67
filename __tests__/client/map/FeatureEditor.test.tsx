import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../support/renderWithStore';
import FeatureEditor from '../../../src/features/map/FeatureEditor';
import FeatureList from '../../../src/features/map/FeatureList';
import { draftChanged, editorOpened, featureSelected, featuresLoaded, shapeDrawn, drawStarted } from '../../../src/features/map/mapSlice';
import { saveFailed, saveRequested, deleteRequested } from '../../../src/crud/resourcesSlice';
import type { MapFeature } from '../../../src/features/map/types';
import { createTestStore, flush } from '../support/testStore';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
      [0, 0.01],
      [0, 0],
    ],
  ],
};
const park: MapFeature = {
  id: 5,
  project_id: null,
  name: 'Park',
  category: 'green',
  geometry: square,
  style: { color: '#00ff00', weight: 2 },
  properties: { owner: 'city', area_m2: 1 },
};

const noFly: MapFeature = { ...park, id: 6, name: 'Zone', category: 'no_fly_zone' };

function setup(language: 'zh-cn' | 'en' = 'zh-cn', panel: 'editor' | 'list' = 'editor') {
  const saved = { id: 9 };
  const { store, actions } = createTestStore({
    'POST /Feature/': () => saved,
    'PUT /Feature/5/': () => saved,
    'DELETE /Feature/5/': () => null,
    'GET /Feature/': () => ({ items: [park], total: 1 }),
  });
  store.dispatch(editorOpened('polygon'));
  store.dispatch(featuresLoaded([park, noFly]));
  renderWithStore(panel === 'editor' ? <FeatureEditor kind="polygon" /> : <FeatureList page="polygon" />, store, language);
  const saves = () => actions.filter(saveRequested.match);
  return { store, actions, saves };
}

describe('FeatureEditor', () => {
  it('draw → the drawn shape gets a form with its live area; save sends geometry, style and measured properties', async () => {
    const { store, saves } = setup();
    await userEvent.click(screen.getByRole('button', { name: '绘制面' }));
    expect(screen.getByText(/请在地图上绘制面/)).toBeInTheDocument();
    act(() => void store.dispatch(shapeDrawn(square)));
    expect(screen.getByTestId('measure-area')).toHaveTextContent('1.24 km²');
    await userEvent.type(screen.getByLabelText(/名称/), '湖区');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(saves()).toHaveLength(1);
    const { id, values } = saves()[0].payload;
    expect(id).toBeUndefined();
    expect(values).toMatchObject({ name: '湖区', category: '默认', geometry: square, style: { color: '#1976d2', weight: 3 } });
    expect((values.properties as { area_m2: number }).area_m2).toBeGreaterThan(1_230_000);
    await act(flush);
    expect(screen.getByRole('button', { name: '绘制面' })).toBeInTheDocument();
  });

  it('draws a circle on the polygon page: its radius and area live, saved as its centre Point with the radius', async () => {
    const { store, saves } = setup();
    await userEvent.click(screen.getByRole('button', { name: '绘制圆' }));
    expect(store.getState().map.editor).toMatchObject({ mode: 'drawing', drawingCircle: true });
    expect(screen.getByText(/请在地图上绘制圆/)).toBeInTheDocument();
    act(() => void store.dispatch(shapeDrawn({ type: 'Circle', coordinates: [114.05, 22.54], radius: 500 })));
    expect(screen.getByTestId('measure-radius')).toHaveTextContent('半径: 500米');
    expect(screen.getByTestId('measure-area')).toHaveTextContent('785,398.2 m²');
    await userEvent.type(screen.getByLabelText(/名称/), '机场净空');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(saves()[0].payload.values).toMatchObject({
      geometry: { type: 'Point', coordinates: [114.05, 22.54] },
      properties: { radius: 500, length_m: 3141.6, area_m2: 785398.2 },
    });
  });

  it('edits a circle feature as a circle: its centre and radius', async () => {
    const { store, saves } = setup();
    const heliport: MapFeature = { ...park, id: 7, name: 'Heliport', geometry: { type: 'Point', coordinates: [114, 22] }, properties: { radius: 300 } };
    act(() => void store.dispatch(featuresLoaded([park, heliport])));
    act(() => void store.dispatch(featureSelected({ id: 7, edit: true })));
    expect(store.getState().map.editor.draft).toEqual({ type: 'Circle', coordinates: [114, 22], radius: 300 });
    act(() => void store.dispatch(draftChanged({ type: 'Circle', coordinates: [114.001, 22], radius: 450 })));
    expect(screen.getByTestId('measure-radius')).toHaveTextContent('半径: 450米');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(saves()[0].payload).toMatchObject({ id: 7, values: { geometry: { type: 'Point', coordinates: [114.001, 22] }, properties: { radius: 450 } } });
  });

  it('a required name is checked before anything is sent', async () => {
    const { store, saves } = setup();
    act(() => void store.dispatch(drawStarted()));
    act(() => void store.dispatch(shapeDrawn(square)));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByText('请输入名称')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('editing a selected feature: the form holds its attributes, moved vertices are measured and saved with a PUT', async () => {
    const { store, saves } = setup();
    act(() => void store.dispatch(featureSelected({ id: 5, edit: true })));
    expect(screen.getByLabelText(/名称/)).toHaveValue('Park');
    expect(screen.getByLabelText(/类别/)).toHaveValue('green');
    const bigger = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [0.02, 0],
          [0.02, 0.02],
          [0, 0.02],
          [0, 0],
        ],
      ],
    };
    act(() => void store.dispatch(draftChanged(bigger)));
    expect(screen.getByTestId('measure-area')).toHaveTextContent('4.95 km²');
    // Vertex moves keep what was typed.
    await userEvent.clear(screen.getByLabelText(/名称/));
    await userEvent.type(screen.getByLabelText(/名称/), 'Big park');
    act(() => void store.dispatch(draftChanged(square)));
    expect(screen.getByLabelText(/名称/)).toHaveValue('Big park');
    act(() => void store.dispatch(draftChanged(bigger)));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const { id, values } = saves()[0].payload;
    expect(id).toBe(5);
    expect(values).toMatchObject({ name: 'Big park', geometry: bigger, style: { color: '#00ff00', weight: 2 }, properties: { owner: 'city' } });
    expect((values.properties as { area_m2: number }).area_m2).toBeGreaterThan(4_900_000);
  });

  it.each([
    ['zh-cn', '禁飞区 · 面'],
    ['en', 'No-fly zone · polygon'],
  ] as const)('the list labels known categories (%s) and shows user-defined ones as written', (language, label) => {
    setup(language, 'list');
    expect(screen.getByText(new RegExp(`^${label}`))).toBeInTheDocument();
    expect(screen.getByText(/^green · /)).toBeInTheDocument();
    expect(screen.queryByText(/no_fly_zone/)).not.toBeInTheDocument();
  });

  it('the category field offers the same labels and saves the code', async () => {
    const { store, saves } = setup();
    act(() => void store.dispatch(featureSelected({ id: 6, edit: true })));
    const category = screen.getByRole('combobox', { name: /类别/ });
    expect(category).toHaveValue('禁飞区');
    await userEvent.clear(category);
    await userEvent.click(category);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['起降点', '电力线路', '禁飞区', '限飞区', '导入']);
    await userEvent.click(screen.getByRole('option', { name: '电力线路' }));
    expect(category).toHaveValue('电力线路');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(saves()[0].payload.values).toMatchObject({ category: 'powerline' });
  });

  it("a category of the user's own is saved as typed", async () => {
    const { store, saves } = setup();
    act(() => void store.dispatch(featureSelected({ id: 5, edit: true })));
    const category = screen.getByRole('combobox', { name: /类别/ });
    await userEvent.clear(category);
    await userEvent.type(category, 'pond');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(saves()[0].payload.values).toMatchObject({ category: 'pond' });
  });

  it("shows the server's field errors", async () => {
    const { store } = setup();
    act(() => void store.dispatch(featureSelected({ id: 5, edit: true })));
    act(
      () =>
        void store.dispatch(
          saveFailed({
            resource: 'feature',
            requestId: 'r1',
            error: { key: 'apiError.common.changed_meanwhile', params: { entity: 'feature' } },
            fieldErrors: [{ field: 'name', message: 'already used', code: 'field.too_long', params: { maximum: 128 } }],
          }),
        ),
    );
    // In the app language, from the codes; never the server's English text.
    expect(screen.getByText('最多 128 个字符')).toBeInTheDocument();
    expect(screen.getByText('保存失败：该地图要素已被他人修改，请刷新后重试')).toBeInTheDocument();
    expect(screen.queryByText(/already used/)).not.toBeInTheDocument();
  });

  it('delete asks first, then deletes through the resources saga', async () => {
    const { store, actions } = setup();
    act(() => void store.dispatch(featureSelected({ id: 5, edit: true })));
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Park/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确定|确认/ }));
    expect(actions.filter(deleteRequested.match).map((a) => a.payload)).toEqual([{ resource: 'feature', id: 5 }]);
    await act(flush);
    expect(store.getState().map.selectedId).toBeNull();
  });
});
