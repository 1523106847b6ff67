import { defineFeatureText } from '../i18n';

export default defineFeatureText({
  namespace: 'live',
  'zh-cn': {
    title: '视频',
    noCameras: '暂无可用相机',
    tile: '画面 {{n}}',
    noTile: '未选择相机',
    tileOffline: '该相机已离线',
    layout: '分屏',
    layoutOf: '{{count}} 分屏',
    videoOf: '{{sn}} 相机 {{camera}}',
    start: '开始直播',
    stop: '停止直播',
    lens: '镜头',
    quality: '清晰度',
    fullscreen: '全屏',
    snapshot: '截图',
    viewers: '{{count}} 人观看',
    deviceError: '设备报告直播错误 {{code}}',
    status: { idle: '未直播', starting: '正在开启', live: '直播中', ended: '已结束' },
    ended: { stopped: '已被停止', idle: '无人观看，已自动停止', offline: '设备离线' },
    lenses: { normal: '普通', wide: '广角', zoom: '变焦', ir: '红外', thermal: '红外' },
    qualities: { 0: '自适应', 1: '流畅 540p', 2: '标清 720p', 3: '高清 720p', 4: '超清 1080p' },
  },
});
