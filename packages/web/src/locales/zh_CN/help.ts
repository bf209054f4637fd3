/** 帮助中心页面（文章见下方）。 */
export default {
  help: {
    search: '搜索文章',
    noMatch: '没有匹配的文章',
    goTo: '前往{{page}}',
    openApiDocs: '打开接口参考文档',
  },
};

/** 帮助中心文章：与 en_US/help.ts 文章相同、结构相同（有测试比对）。 */
