import type zhCnFrame from './zh-cn.frame';

/**
 * Simplified Chinese, the default and fallback language: the shared texts the first paint shows (login, loading
 * and error pages, the theme's). Those of the app frame are in zh-cn.frame.ts. Every key of both must exist in
 * en.ts too.
 */
const zhCn = {
  app: { loading: '加载中…', defaultSiteName: '智能巡检系统' },
  header: {
    language: '语言',
    notifications: '未读消息 {{count}} 条',
    userMenu: '用户菜单',
    personalCenter: '个人中心',
    logout: '退出登录',
    login: '登录',
    toggleSidebar: '展开/收起菜单',
    mainMenu: '主菜单',
  },
  language: { 'zh-cn': '简体中文', en: 'English' },
  login: {
    title: '账号登录',
    username: '用户名',
    password: '密码',
    submit: '登录',
    submitting: '登录中…',
    failed: '登录失败：$t({{reason}})',
    required: '请输入用户名和密码',
  },
  guard: { openOnController: '请在大疆遥控器访问' },
  page: {
    emptyBody: '该页面正在建设中。',
    notFoundBody: '您访问的页面不存在。',
    backHome: '返回首页',
    chunkFailedTitle: '页面加载失败',
    chunkFailedBody: '新版本可能已经发布，或网络中断。请重新加载页面。',
    reload: '重新加载',
    errorTitle: '页面出错了',
  },
  kit: {
    tableEmpty: '暂无数据',
    selectNoMatch: '无匹配数据',
    selectNoData: '无数据',
    selectLoading: '加载中',
    selectPlaceholder: '请选择',
    paginationTotal: '共 {{total}} 条',
    itemsPerPage: '条/页',
    goTo: '前往',
    previousPage: '上一页',
    nextPage: '下一页',
    uploadDelete: '删除',
    uploadPreview: '查看图片',
    uploadContinue: '继续上传',
    confirm: '确定',
    cancel: '取消',
    now: '此刻',
    today: '今天',
    startDate: '开始日期',
    endDate: '结束日期',
    startTime: '开始时间',
    endTime: '结束时间',
    invalidInput: '输入的数据不合法!',
  },
};

export default zhCn;

type Translations<T> = { [K in keyof T]: T[K] extends string ? string : Translations<T[K]> };
/** The shape every other language must fill in completely. */
export type TranslationTable = Translations<typeof zhCn & typeof zhCnFrame>;
