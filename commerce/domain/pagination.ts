import type { Pagination } from "../contract/common";

/** Where page `currentPage` (from 0) of `pageSize` stands in a list of `totalResults`. */
export function pagination(currentPage: number, pageSize: number, totalResults: number): Pagination {
  return { currentPage, pageSize, totalPages: Math.ceil(totalResults / pageSize), totalResults };
}
