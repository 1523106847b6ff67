/**
 * MQTT topic filter matching (+ one level, # the rest), compiled once per filter: the external broker's messages are
 * matched against every subscription, so a topic is walked in place rather than split for each of them.
 */
export function topicMatcher(filter: string): (topic: string) => boolean {
  // A shared subscription `$share/{group}/{filter}` receives the messages of its filter, under their own topic.
  const levels = filter.startsWith('$share/') ? filter.split('/').slice(2) : filter.split('/');
  return (topic) => {
    let start = 0;
    for (const level of levels) {
      if (level === '#') return true;
      if (start > topic.length) return false;
      const slash = topic.indexOf('/', start);
      const end = slash < 0 ? topic.length : slash;
      if (level !== '+' && (end - start !== level.length || !topic.startsWith(level, start))) return false;
      start = end + 1;
    }
    return start === topic.length + 1;
  };
}

export function matches(filter: string, topic: string): boolean {
  return topicMatcher(filter)(topic);
}
