import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIMULATED_RC_SN } from '../../../src/features/controller/simulatedBridge';
import { formatter } from '../../../src/shared/format';
import { controllerRoutes } from './fixtures';
import { inBridge } from './inBridge';

/**
 * The /djiapp liveshare panel (issue 30): the pilot publishes the aircraft's camera through Pilot 2's liveshare
 * component (the simulated bridge), to the RTMP URL the server hands out, and sees the push's state and figures.
 */
const videoId = '1581F5BKD223M00A0SIM/99-0-0/normal-0';
const url = 'rtmp://127.0.0.1:1935/live/AbCdEfGhIjKlMnOpQrStUvWx';
const routes = {
  ...controllerRoutes,
  'POST /Live/liveshare/': () => ({ video_id: videoId, url, joined: false, expires_at: '2099-01-01T00:00:00.000Z' }),
  'DELETE /Live/liveshare/': () => ({ video_id: videoId }),
};

beforeEach(() => {
  localStorage.clear();
  window.innerWidth = 1920;
});
afterEach(() => delete (window as { djiBridge?: unknown }).djiBridge);

const panel = async () => screen.findByRole('region', { name: '直播分享' });

it('publishes to the server’s URL (RTMP type 2, on demand and by hand), shows the live state and figures, and stops', async () => {
  const { bridge, calls } = inBridge('/djiapp/home', { loggedIn: true, routes });
  const share = await panel();
  const start = within(share).getByRole('button', { name: '开始直播' });
  await waitFor(() => expect(start).toBeEnabled());
  expect(within(share).getByText('未直播')).toBeInTheDocument();
  await userEvent.click(start);

  expect(await within(share).findByText('直播中')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST' && c.path === '/Live/liveshare/')?.options?.body).toEqual({ gateway_sn: SIMULATED_RC_SN });
  const live = bridge.calls.filter((c) => c.method.startsWith('liveshare') && c.method !== 'liveshareGetStatus');
  expect(live.map((c) => [c.method, ...c.args])).toEqual([
    ['liveshareSetVideoPublishType', 'video-demand-aux-manual'],
    ['liveshareSetConfig', '2', JSON.stringify({ url })],
    ['liveshareStartLive'],
  ]);
  expect(within(share).getByText(`视频源 ${videoId}`)).toBeInTheDocument();
  expect(within(share).getByText('30 fps')).toBeInTheDocument();
  expect(within(share).getByText('2048 kbps')).toBeInTheDocument();

  await userEvent.click(within(share).getByRole('button', { name: '停止直播' }));
  expect(await within(share).findByText('未直播')).toBeInTheDocument();
  expect(bridge.calls.some((c) => c.method === 'liveshareStopLive')).toBe(true);
  expect(calls.find((c) => c.method === 'DELETE' && c.path === '/Live/liveshare/')?.options?.query).toEqual({ gateway_sn: SIMULATED_RC_SN });
  expect(within(share).getByRole('button', { name: '开始直播' })).toBeEnabled();
});

it('says in words that Pilot 2 is not on the camera view (613006), and closes the stream the server opened', async () => {
  const { calls } = inBridge('/djiapp/home', { loggedIn: true, routes, sim: { cameraView: false } });
  const share = await panel();
  const start = within(share).getByRole('button', { name: '开始直播' });
  await waitFor(() => expect(start).toBeEnabled());
  await userEvent.click(start);
  expect(await within(share).findByRole('alert')).toHaveTextContent('遥控器拒绝直播：遥控器 App 未处于相机界面（错误码 613006）');
  await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/Live/liveshare/')).toBe(true));
  expect(within(share).getByRole('button', { name: '开始直播' })).toBeEnabled();
  expect(within(share).getByText('未直播')).toBeInTheDocument();
});

it('cannot start without an aircraft', async () => {
  inBridge('/djiapp/home', { loggedIn: true, routes, sim: { aircraftSn: null } });
  const share = await panel();
  await waitFor(() => expect(within(share).getByText('未直播')).toBeInTheDocument());
  expect(within(share).getByRole('button', { name: '开始直播' })).toBeDisabled();
});

it('shows until when the push URL takes a publish and what happens then; once it expires, that the push goes on and how to get a new one', async () => {
  // A console stream the pilot joined: its URL expires the same way, soon here.
  const expiresAt = new Date(Date.now() + 2500).toISOString();
  inBridge('/djiapp/home', {
    loggedIn: true,
    routes: { ...routes, 'POST /Live/liveshare/': () => ({ video_id: videoId, url, joined: true, expires_at: expiresAt }) },
  });
  const share = await panel();
  const start = within(share).getByRole('button', { name: '开始直播' });
  await waitFor(() => expect(start).toBeEnabled());
  await userEvent.click(start);
  expect(await within(share).findByText('直播中')).toBeInTheDocument();
  const time = formatter('zh-CN').dateTime(expiresAt);
  expect(within(share).getByText(`已加入控制台发起的直播，推流地址同样有效至 ${time}`)).toBeInTheDocument();
  expect(within(share).getByText(/到期后正在进行的推流不会中断/)).toBeInTheDocument();

  // expires_at comes while publishing: still live, the panel says the address expired.
  expect(
    await within(share).findByText(`推流地址已于 ${time} 过期：当前推流不受影响；若推流断开，请停止并重新开始直播以获取新地址。`, {}, { timeout: 6000 }),
  ).toBeInTheDocument();
  expect(within(share).getByText('直播中')).toBeInTheDocument();

  // Stopped: nothing about an address any more; a new start asks the server again.
  await userEvent.click(within(share).getByRole('button', { name: '停止直播' }));
  expect(await within(share).findByText('未直播')).toBeInTheDocument();
  expect(within(share).queryByText(/推流地址/)).not.toBeInTheDocument();
}, 20_000);
