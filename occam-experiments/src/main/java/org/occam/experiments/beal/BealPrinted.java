package org.occam.experiments.beal;

/**
 * The numbers printed in Beal (2003), chapter 6, for the report to set beside ours. Copied from the
 * chapter's tables (they are the paper's results, not this program's).
 */
final class BealPrinted {
  private BealPrinted() {}

  static final int[] SIZES = {10, 20, 40, 80, 110, 160, 230, 320, 400, 430, 480, 560, 640, 800, 960, 1120, 1280,
      2560, 5120, 10240};

  /** Table 6.1, alias-corrected columns: MAP, BIC, BICp, CS, VB, AIS(5), one row per size. */
  static final String[] TABLE_6_1_METHODS = {"map", "bic", "bicp", "cs", "vb", "ais"};
  static final int[][] TABLE_6_1 = {
      {21, 127, 50, 129, 115, 59}, {12, 118, 64, 111, 124, 135}, {28, 127, 124, 107, 113, 15},
      {8, 114, 99, 78, 116, 44}, {8, 109, 103, 98, 113, 2}, {13, 119, 111, 114, 81, 6},
      {8, 105, 93, 88, 54, 54}, {8, 111, 101, 90, 33, 78}, {6, 101, 72, 77, 15, 8},
      {7, 104, 78, 68, 14, 18}, {7, 102, 92, 80, 44, 2}, {9, 108, 98, 96, 31, 11},
      {7, 104, 97, 105, 17, 7}, {9, 107, 102, 108, 26, 23}, {13, 112, 107, 76, 13, 1},
      {8, 105, 96, 103, 12, 4}, {7, 90, 59, 6, 3, 5}, {6, 25, 15, 11, 11, 1},
      {5, 6, 5, 1, 1, 1}, {3, 2, 1, 1, 1, 1}};

  /** Table 6.5: times out of 106 each score ranks the true structure first: BIC, BICp, CS, CS†, VB. */
  static final String[] TABLE_6_5_METHODS = {"bic", "bicp", "cs", "cs-dagger", "vb"};
  static final int[][] TABLE_6_5 = {
      {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 1, 1}, {0, 0, 0, 0, 1},
      {0, 0, 1, 2, 3}, {0, 1, 3, 5, 6}, {0, 2, 8, 10, 12}, {1, 5, 8, 9, 11}, {1, 6, 10, 10, 11},
      {3, 7, 12, 12, 15}, {3, 8, 14, 16, 18}, {5, 11, 14, 17, 23}, {7, 15, 22, 23, 29},
      {9, 18, 28, 33, 36}, {11, 19, 32, 33, 40}, {15, 24, 38, 41, 48}, {35, 41, 59, 62, 66},
      {56, 63, 76, 76, 80}, {73, 79, 82, 83, 84}};

  /** Table 6.2, alias-corrected: % of (instance, size) where VB ranks the true structure worse / same / better than BIC, BICp, CS, CS†. */
  static final String[] TABLE_6_2_METHODS = {"bic", "bicp", "cs", "cs-dagger"};
  static final double[][] TABLE_6_2 = {{15.1, 11.7, 73.2}, {29.6, 15.5, 55.0}, {30.9, 20.9, 48.2}, {31.9, 22.2, 45.9}};

  /** Table 6.4 (sizes 560 … 5120 as printed): % single AIS runs below VB (corrected), % M-H rejections, % AIS(5) below VB. */
  static final int[] TABLE_6_4_SIZES = {560, 640, 800, 960, 1120, 1280, 2560, 5120};
  static final double[] TABLE_6_4_SINGLE_BELOW_VB = {15.1, 9.4, 14.2, 12.3, 20.8, 31.1, 59.4, 74.5};
  static final double[] TABLE_6_4_REJECTION = {41.5, 43.7, 45.9, 47.7, 49.6, 59.2, 69.7, 79.2};
  static final double[] TABLE_6_4_AVERAGED_BELOW_VB = {0.0, 0.0, 0.0, 1.5, 2.2, 5.1, 19.9, 52.9};

  static int sizeIndex(int n) {
    for (int i = 0; i < SIZES.length; i++) {
      if (SIZES[i] == n) {
        return i;
      }
    }
    return -1;
  }
}
