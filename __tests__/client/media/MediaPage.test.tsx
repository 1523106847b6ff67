import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import mediaReducer, { filtersChanged } from '../../../src/features/media/mediaSlice';
import { loggedInState, renderApp } from '../support/renderApp';
import { photo } from './mediaFixtures';

jest.setTimeout(60_000);

const items = [photo(1, 'DJI_0001_W.JPG'), photo(2, 'DJI_0002_W.JPG'), photo(3, 'DJI_0003_W.JPG', { task_id: 8 })];
const wait = { timeout: 8000 };

describe('/Media', () => {
  it('lists the media as a grid, filters by type, opens a preview with its metadata and steps through its flight', async () => {
    const { calls } = renderApp('/Media', {
      routes: { 'GET /Media/': () => ({ items, total: 3, page: 1, page_size: 48 }) },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('DJI_0001_W.JPG', {}, wait)).toBeInTheDocument();
    expect(screen.getAllByTestId('media-card')).toHaveLength(3);
    expect(screen.getByText('共 3 个文件')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '视频' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/Media/').at(-1)?.options?.query).toMatchObject({ type: 'video', page: 1 }));

    await userEvent.click(screen.getByRole('button', { name: '预览 DJI_0001_W.JPG' }));
    const dialog = await screen.findByRole('dialog', { name: 'DJI_0001_W.JPG' });
    expect(within(dialog).getByText('22.500000, 114.050000')).toBeInTheDocument();
    expect(within(dialog).getByText('10.0 / -90.0 / 0.0')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '上一张' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: '下一张' }));
    expect(await screen.findByRole('dialog', { name: 'DJI_0002_W.JPG' })).toBeInTheDocument();
    // Photo 3 belongs to another task: photo 2 is the last of this flight.
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: '下一张' })).toBeDisabled();
  });

  it('shows every file of the filters on a map, clustered, and a point opens its preview though it is not on the page', async () => {
    const { calls } = renderApp('/Media', {
      routes: {
        'GET /Media/': () => ({ items, total: 120, page: 1, page_size: 48 }),
        'GET /Media/points/': () => ({
          points: [
            [1, 22.5, 114.05, 'photo', false],
            [2, 22.5, 114.05, 'photo', true],
            [3, 22.5, 114.05, 'photo', false],
            [90, 23.5, 115.5, 'photo', false],
          ],
          truncated: false,
        }),
        'GET /Media/90/': () => photo(90, 'DJI_0090_Z.JPG'),
        'GET /Defect/': () => ({ items: [], total: 0 }),
      },
      preloadedState: loggedInState,
    });
    await userEvent.click(await screen.findByRole('button', { name: '地图' }, wait));
    const map = await screen.findByRole('region', { name: '地图' }, wait);
    expect(await within(map).findByText('地图显示符合条件且有拍摄位置的全部 4 个文件')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.path === '/Media/points/')?.options?.query).toEqual({}));
    // Three shots at one spot are one marker with their count (a click lists them); the far one is a point of its own.
    await waitFor(() => expect(map.querySelectorAll('.point-cluster')).toHaveLength(1));
    expect(map.querySelector('.point-cluster')).toHaveTextContent('3');
    expect(map.querySelector('.point-cluster')).toHaveAttribute('title', '3 个文件在同一位置，单击列出');
    fireEvent.click(map.querySelector('.point-cluster')!);
    await userEvent.click(await within(map).findByRole('button', { name: '照片 2' }, wait));
    expect(await screen.findByRole('dialog', { name: 'DJI_0002_W.JPG' }, wait)).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const lone = map.querySelectorAll('path.leaflet-interactive');
    expect(lone).toHaveLength(1);
    fireEvent.click(lone[0]);
    expect(await screen.findByRole('dialog', { name: 'DJI_0090_Z.JPG' }, wait)).toBeInTheDocument();

    // The filters narrow the map as they narrow the list.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '视频' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/Media/points/').at(-1)?.options?.query).toEqual({ type: 'video' }));
  });

  it('downloads one chosen file by its signed address and several as one ZIP the server streams', async () => {
    const saved: Array<{ href: string; download: string }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href')!, download: this.download });
    });
    try {
      const { calls } = renderApp('/Media', {
        routes: {
          'GET /Media/': () => ({ items, total: 3, page: 1, page_size: 48 }),
          'POST /Media/archive/': () => ({ url: '/api/Media/archive/?ids=1,3&exp=1&sig=s', count: 2 }),
        },
        preloadedState: loggedInState,
      });
      await userEvent.click(await screen.findByRole('checkbox', { name: '选择 DJI_0001_W.JPG' }, wait));
      await userEvent.click(screen.getByRole('button', { name: '下载所选 (1)' }));
      await waitFor(() => expect(saved).toEqual([{ href: '/api/Media/1/file/?exp=1&sig=x', download: 'DJI_0001_W.JPG' }]));
      await userEvent.click(screen.getByRole('checkbox', { name: '选择 DJI_0003_W.JPG' }));
      await userEvent.click(screen.getByRole('button', { name: '下载所选 (2)' }));
      await waitFor(() => expect(saved[1]).toEqual({ href: '/api/Media/archive/?ids=1,3&exp=1&sig=s', download: 'media-2.zip' }));
      expect(calls.find((c) => c.path === '/Media/archive/')?.options?.body).toEqual({ ids: [1, 3] });
    } finally {
      click.mockRestore();
    }
  });

  it('uploads dropped files one after the other into the chosen project and refuses what is not a photo or video', async () => {
    const { calls } = renderApp('/Media', {
      routes: {
        'GET /Media/': () => ({ items: [], total: 0, page: 1, page_size: 48 }),
        'GET /Project/1/': () => ({ id: 1, name: '深圳湾项目' }),
        'POST /Media/': () => ({ item: items[0], duplicate: false }),
      },
      preloadedState: { ...loggedInState, media: mediaReducer(undefined, filtersChanged({ project_id: '1' })) },
    });
    const zone = await screen.findByRole('button', { name: '上传' }, wait);
    const files = [
      new File(['a'], 'a.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'b.mp4', { type: 'video/mp4' }),
      new File(['c'], 'c.pdf', { type: 'application/pdf' }),
    ];
    fireEvent.drop(zone, { dataTransfer: { files } });
    expect(await screen.findByText('a.jpg: 已上传', {}, wait)).toBeInTheDocument();
    expect(await screen.findByText('b.mp4: 已上传', {}, wait)).toBeInTheDocument();
    expect(screen.getByText('c.pdf: 未上传 (不是照片或视频)')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/Media/');
    expect(posts).toHaveLength(2);
    const form = posts[0].options?.body as FormData;
    expect(form.get('project_id')).toBe('1');
    expect((form.get('file') as File).name).toBe('a.jpg');
    // The list reloads once the uploads are done.
    await waitFor(() => expect(calls.filter((c) => c.path === '/Media/' && c.method === 'GET').length).toBeGreaterThanOrEqual(2));
  });
});
