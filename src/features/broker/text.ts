import { defineFeatureText } from '../i18n';

export default defineFeatureText({
  namespace: 'broker',
  'zh-cn': {
    toast: {
      connected: '消息服务连接成功',
      reconnecting: '正在重新连接…',
      failed: '连接失败',
      setupError: '连接错误',
    },
    status: {
      label: '消息服务：{{status}}',
      idle: '未连接',
      connecting: '连接中',
      connected: '已连接',
      reconnecting: '重新连接中',
      error: '连接失败',
      closed: '已断开',
    },
    weather: {
      label: '天气',
      none: '暂无天气数据',
      wind: '风速 {{speed}} m/s',
      summary:
        '{{name}}：风速 {{speed}} m/s（阵风 {{gust}} m/s，风向 {{direction}}°），气温 {{temperature}}°C，湿度 {{humidity}}%，能见度 {{visibility}} m，降水 {{precipitation}} mm/h',
      flyable: '适飞',
      notFlyable: '不适飞',
      simulated: '模拟气象站数据',
      reasons: {
        wind: '风速过大',
        gust: '阵风过大',
        visibility: '能见度低',
        precipitation: '降水',
        cold: '气温过低',
        heat: '气温过高',
      },
    },
    online: '在线设备 {{count}}/{{total}}',
  },
});
