// SPDX-License-Identifier: GPL-3.0-or-later
// Precompiled once per build for posenc_ui and the widget tests (option POSENC_PCH): the
// standard, Qt, QCustomPlot and Eigen headers that nearly every file of ui/ includes. Parsing
// them was about 7 of the 9 seconds a file took to compile, once per file; with them
// precompiled a file takes about 4. Every file still includes what it uses itself, so a build
// without POSENC_PCH compiles the same code.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QtWidgets>
#include <qcustomplot.h>

#include <Eigen/Core>
