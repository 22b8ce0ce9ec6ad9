/** A news article; `image` is the number of media/news/news-N.jpg (and its -thumb). */
export interface DemoArticle {
  image: number;
  title: string;
  summary: string;
  author: string;
  category: string;
  /** Days before the seed ran. */
  daysAgo: number;
  /** Paragraphs separated by blank lines. */
  content: string;
}
