/**
 * {@code occam experiment crf-faq}: the CRF experiments of Parise &amp; Welling (2006, section 4.2,
 * Figure 5) and Welling &amp; Parise (UAI 2006, section 7, Figures 6–8, and the prediction error of
 * section 5) on the newsgroup FAQ data.
 */
package org.occam.experiments.crffaq;
