<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CellText</name>
    <message>
        <location filename="../../ui/celltext.cpp" line="+25"/>
        <source>w_%1</source>
        <translation>w_%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 = exp(−%2·ln(%3)/%4) = %5</source>
        <translation>%1 = exp(−%2·ln(%3)/%4) = %5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 = %2^(−%3/%4) = %5</source>
        <translation>%1 = %2^(−%3/%4) = %5</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>pos = %1, dimension %2</source>
        <translation>pos = %1，维度 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This column is the zero column the split layout appends for odd d_model.</source>
        <translation>当 d_model 为奇数时，分块布局会在末尾补上一个零列，这一列就是它。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PE(%1, %2) = 0</source>
        <translation>PE(%1, %2) = 0</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>sin of pair i = %1</source>
        <translation>维度对 i = %1 的 sin</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cos of pair i = %1</source>
        <translation>维度对 i = %1 的 cos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (no cos partner: d_model is odd)</source>
        <translation>（没有对应的 cos：d_model 为奇数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>angle = pos · w_%1 = %2 × %3 = %4 rad</source>
        <translation>角度 = pos · w_%1 = %2 × %3 = %4 rad</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PE(%1, %2) = scale · %3(angle) = %4 × %3(%5) = %6</source>
        <translation>PE(%1, %2) = scale · %3(角度) = %4 × %3(%5) = %6</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>PE(%1) · PE(%2) = Σ_c PE(%1, c) · PE(%2, c) = %3</source>
        <translation>PE(%1) · PE(%2) = Σ_c PE(%1, c) · PE(%2, c) = %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each pair gives sin a · sin b + cos a · cos b = cos(a − b), so only the offset p − q = %1 matters:</source>
        <translation>每个维度对贡献 sin a · sin b + cos a · cos b = cos(a − b)，因此只有偏移量 p − q = %1 起作用：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scale² · Σ_i cos((p − q) · w_i) = %1² × Σ_i cos(%2 · w_i) = %3</source>
        <translation>scale² · Σ_i cos((p − q) · w_i) = %1² × Σ_i cos(%2 · w_i) = %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The lone sine of odd d_model adds sin(p · w) · sin(q · w), which depends on p and q themselves: that is the difference between the two numbers.</source>
        <translation>d_model 为奇数时，那个单独的正弦维度会加上 sin(p · w) · sin(q · w)，它取决于 p 和 q 本身：这就是两个数之间的差别。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>pair i = %1 (columns %2 and %3)</source>
        <translation>维度对 i = %1（列：%2 和 %3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wavelength = 2π / w_%1 = %2 positions</source>
        <translation>波长 = 2π / w_%1 = %2 个位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Longer than seq_len = %1: over the sequence this pair turns less than once and barely changes.</source>
        <translation>比 seq_len = %1 更长：在整个序列上，这个维度对转不满一圈，几乎没有变化。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It repeats %1 times over seq_len = %2 positions.</source>
        <translation>在 seq_len = %2 个位置内重复 %1 次。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>M_k[%1, %2] with k = %3</source>
        <translation>M_k[%1, %2]，其中 k = %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>= 1: the zero column maps to itself</source>
        <translation>= 1：零列映射到自身</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>= 0: the zero column couples to nothing</source>
        <translation>= 0：零列不与任何列耦合</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>= 0: column %1 is the lone sine of odd d_model; no linear map of PE(pos) gives sin((pos + k) · w), so it has no rotation</source>
        <translation>= 0：第 %1 列是奇数 d_model 下单独的正弦维度；PE(pos) 的任何线性映射都得不到 sin((pos + k) · w)，因此它没有旋转</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>= 0: different pairs never mix; M_k is block-diagonal</source>
        <translation>= 0：不同的维度对从不混合；M_k 是分块对角矩阵</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>k · w_%1 = %2 × %3 = %4 rad</source>
        <translation>k · w_%1 = %2 × %3 = %4 rad</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>step t = %1, column %2: %3 of period P = %4</source>
        <translation>时间步 t = %1，第 %2 列：周期 P = %4 的 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>angle = 2π · t / P = 2π × %1 / %2 = %3 rad</source>
        <translation>角度 = 2π · t / P = 2π × %1 / %2 = %3 rad</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>value = %1(angle) = %2</source>
        <translation>值 = %1(角度) = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Steps t and t + %1 land on the same point: the encoding repeats every period.</source>
        <translation>时间步 t 与 t + %1 落在同一点上：编码每经过一个周期就重复一次。</translation>
    </message>
</context>
<context>
    <name>CommandLineParser</name>
    <message>
        <location filename="../../app/commandline.cpp" line="+69"/>
        <source>Parameters:
  --d-model N          dimensions, 2 to 4096 (default 128)
  --seq-len N          positions, 1 to 16384 (default 30)
  --base B             base of the frequency ladder, above 1 up to 1e12 (default 10000)
  --scale S            amplitude, finite, |S| &lt;= 1e6 (default 1)
  --offset K           offset k of M_k, |K| &lt;= 1e9 (default 5)
  --start P            position of the first row, |P| &lt;= 1e9 (default 0)
  --pos P              the marked position pos, |P| &lt;= 1e9 (default 10)
  --layout L           interleaved | split (default interleaved)
  --frequencies F      paper | tensor2tensor (default paper)
  --dims LIST          dimensions of the curves and spectrum views, such as 0-5 or 0,2,64 (default 0-5)
  --periods LIST       periods of the temporal view, up to 16 positive numbers (default 24,168)
  --steps T            time steps of the temporal view, 1 to 1048576 (default 336)
  --pair I             the pair the rotation view shows in detail, 0 to d_model/2 - 1 (default 0)
  --similarity M       dot | cosine: the similarity view&apos;s measure (default dot)
</source>
        <translation>参数：
  --d-model N          维度数，2 到 4096（默认 128）
  --seq-len N          位置数，1 到 16384（默认 30）
  --base B             频率阶梯的底数，大于 1，最大 1e12（默认 10000）
  --scale S            幅度，有限值，|S| &lt;= 1e6（默认 1）
  --offset K           M_k 的偏移量 k，|K| &lt;= 1e9（默认 5）
  --start P            第一行的位置，|P| &lt;= 1e9（默认 0）
  --pos P              标记的位置 pos，|P| &lt;= 1e9（默认 10）
  --layout L           interleaved | split（默认 interleaved）
  --frequencies F      paper | tensor2tensor（默认 paper）
  --dims LIST          曲线视图和频谱视图的维度，例如 0-5 或 0,2,64（默认 0-5）
  --periods LIST       时间编码视图的周期，最多 16 个正数（默认 24,168）
  --steps T            时间编码视图的时间步数，1 到 1048576（默认 336）
  --pair I             旋转视图详细显示的频率对，0 到 d_model/2 - 1（默认 0）
  --similarity M       dot | cosine：相似度视图的度量（默认 dot）
</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Usage: posenc-lab export --view VIEW [parameters] -o FILE [--dtype TYPE]
       posenc-lab export --view VIEW [parameters] -o FILE [figure options]
Writes the numbers behind a view, or the view as a figure, headless.

  --view VIEW          heatmap | curves | spectrum | rotation | similarity | temporal
  -o, --output FILE    data: .npy (NumPy 1.0, little-endian) or .csv;
                       figure: .png, .svg or .pdf
  --dtype TYPE         data: float64 (default) | float32

Figure options:
  --size PRESET        single-column (89 x 66.75 mm, default) | double-column
                       (183 x 91.5 mm) | slide (254 x 142.875 mm, 16:9)
  --width-mm W         width in millimetres, 20 to 1000 (with --height-mm)
  --height-mm H        height in millimetres, 20 to 1000 (with --width-mm)
  --dpi N              resolution of a PNG, 72 to 600 (default 300)
  --font-pt N          text size in points, 5 to 30 (default 8)
  --theme THEME        light (default) | dark | print (grayscale-safe)
  --colormap MAP       diverging (default, centred on zero) | viridis | gray

</source>
        <translation>用法：posenc-lab export --view VIEW [参数] -o FILE [--dtype TYPE]
      posenc-lab export --view VIEW [参数] -o FILE [图形选项]
以无界面方式写出某个视图背后的数值，或将视图导出为图形。

  --view VIEW          heatmap | curves | spectrum | rotation | similarity | temporal
  -o, --output FILE    数据：.npy（NumPy 1.0，小端序）或 .csv；
                       图形：.png、.svg 或 .pdf
  --dtype TYPE         数据：float64（默认）| float32

图形选项：
  --size PRESET        single-column（89 x 66.75 mm，默认）| double-column
                       （183 x 91.5 mm）| slide（254 x 142.875 mm，16:9）
  --width-mm W         宽度（毫米），20 到 1000（与 --height-mm 一起使用）
  --height-mm H        高度（毫米），20 到 1000（与 --width-mm 一起使用）
  --dpi N              PNG 的分辨率，72 到 600（默认 300）
  --font-pt N          文字大小（磅），5 到 30（默认 8）
  --theme THEME        light（默认）| dark | print（灰度打印安全）
  --colormap MAP       diverging（默认，以零为中心）| viridis | gray

</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Usage: posenc-lab bench [--quick] [--changes N]
Measures offscreen, per view and size, the time from a parameter change to the view
replotted (median and 95th percentile), and the engine against a plain buffer write
and a std::sin/std::cos loop. Prints JSON on stdout; writes nothing to disk.

  --quick              the small sizes only
  --changes N          parameter changes per view and size, 5 to 10000
</source>
        <translation>用法：posenc-lab bench [--quick] [--changes N]
在屏幕外按视图和尺寸测量从参数改变到视图重绘所需的时间（中位数和第 95 百分位数），
并将计算引擎与单纯写缓冲区和 std::sin/std::cos 循环进行比较。以 JSON 输出到标准输出；不写入磁盘。

  --quick              只测小尺寸
  --changes N          每个视图和尺寸的参数改变次数，5 到 10000
</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Usage: posenc-lab screenshot -o FILE.png [--view VIEW] [--size WxH] [parameters]
Renders the window offscreen to a PNG, headless.

  --view VIEW          heatmap | curves | spectrum | rotation | similarity | temporal
                       (default heatmap)
  -o, --output FILE    the .png to write
  --size WxH           window size in pixels (default 1280x800)

</source>
        <translation>用法：posenc-lab screenshot -o FILE.png [--view VIEW] [--size WxH] [参数]
以无界面方式在屏幕外将窗口渲染为 PNG。

  --view VIEW          heatmap | curves | spectrum | rotation | similarity | temporal
                       （默认 heatmap）
  -o, --output FILE    要写入的 .png 文件
  --size WxH           窗口大小，单位为像素（默认 1280x800）

</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Usage: posenc-lab [--lang en|zh_CN] [parameters]
       posenc-lab export --view VIEW [parameters] -o FILE [--dtype float32|float64]
       posenc-lab screenshot -o FILE.png [--view VIEW] [parameters]

Without a command, opens the window with the given parameters.
posenc-lab export --help and posenc-lab screenshot --help tell more.

</source>
        <translation>用法：posenc-lab [--lang en|zh_CN] [参数]
      posenc-lab export --view VIEW [参数] -o FILE [--dtype float32|float64]
      posenc-lab screenshot -o FILE.png [--view VIEW] [参数]

不带命令时，以给定的参数打开窗口。
更多说明请参阅 posenc-lab export --help 和 posenc-lab screenshot --help。

</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>--%1: “%2” is not an integer; %3</source>
        <translation>--%1：“%2”不是整数；%3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>--%1: “%2” is not a finite number; %3</source>
        <translation>--%1：“%2”不是有限数值；%3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>--%1: “%2” is not one of %3</source>
        <translation>--%1：“%2”不是 %3 之一</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>--%1: “%2” is %3; it must be %4 in [%5, %6]</source>
        <translation>--%1：“%2”%3；它必须是 [%5, %6] 内的%4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>out of range</source>
        <translation>超出范围</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not %1</source>
        <translation>不是%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--dtype: only for data; -o names a figure, not a .npy or .csv</source>
        <translation>--dtype：仅适用于数据；-o 指定的是图形，而不是 .npy 或 .csv</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--size: give either --size or --width-mm and --height-mm, not both</source>
        <translation>--size：请只给出 --size，或只给出 --width-mm 和 --height-mm，不要同时给出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--size: “%1” is not one of %2</source>
        <translation>--size：“%1”不是 %2 之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--%1: give --width-mm and --height-mm together, each in [%2, %3] mm</source>
        <translation>--%1：请同时给出 --width-mm 和 --height-mm，各自在 [%2, %3] mm 内</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>unknown option %1%2; see posenc-lab%3 --help</source>
        <translation>未知选项 %1%2；请参阅 posenc-lab%3 --help</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unexpected argument “%1”; see posenc-lab bench --help</source>
        <translation>意外的参数“%1”；请参阅 posenc-lab bench --help</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>unexpected argument “%1”; commands are export and screenshot, see posenc-lab --help</source>
        <translation>意外的参数“%1”；可用的命令是 export 和 screenshot，请参阅 posenc-lab --help</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1: out of range; %2</source>
        <translation>%1：超出范围；%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 is out of range; %3</source>
        <translation>%1：%2 超出范围；%3</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>--periods: “%1” is not a number; give positive periods such as 24,168</source>
        <translation>--periods：“%1”不是数字；请给出正的周期，例如 24,168</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--steps: “%1” is not an integer; steps must be an integer in [1, %2]</source>
        <translation>--steps：“%1”不是整数；时间步数必须是 [1, %2] 内的整数</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>--view: missing; one of %1</source>
        <translation>--view：缺失；应为 %1 之一</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>-o: missing output file; see posenc-lab %1 --help</source>
        <translation>-o：缺少输出文件；请参阅 posenc-lab %1 --help</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>-o: unknown format “.%1”; export writes .npy or .csv (data), .png, .svg or .pdf (figures)</source>
        <translation>-o：未知格式“.%1”；export 可写出 .npy 或 .csv（数据），以及 .png、.svg 或 .pdf（图形）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--%1: a figure option; -o must then name a .png, .svg or .pdf, not “.%2”</source>
        <translation>--%1：这是图形选项；此时 -o 必须指定 .png、.svg 或 .pdf，而不是“.%2”</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>-o: a screenshot is a .png, not “.%1”</source>
        <translation>-o：截图应为 .png，而不是“.%1”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--size: “%1” is not WxH with W in [320, 7680] and H in [240, 4320]</source>
        <translation>--size：“%1”不是 WxH 格式（W 在 [320, 7680] 内，H 在 [240, 4320] 内）</translation>
    </message>
</context>
<context>
    <name>DataExport</name>
    <message>
        <location filename="../../ui/dataexport.cpp" line="+86"/>
        <source>similarity: the [seq_len, seq_len] array is exported up to seq_len = %1; got %2</source>
        <translation>similarity：[seq_len, seq_len] 数组最多只能导出到 seq_len = %1；实际为 %2</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>dimension %1 is outside [0, %2] (d_model − 1)</source>
        <translation>维度 %1 超出 [0, %2]（d_model − 1）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unknown view “%1”; data can be exported from: %2</source>
        <translation>未知视图“%1”；可以导出数据的视图：%2</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>%1: unknown data format “.%2”; use .npy or .csv</source>
        <translation>%1：未知数据格式“.%2”；请使用 .npy 或 .csv</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+8"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>DimensionList</name>
    <message>
        <location filename="../../ui/dimensionlist.cpp" line="+19"/>
        <source>dimensions: give at least one, such as 0-5 or 0, 2, 64</source>
        <translation>维度：请至少给出一个，例如 0-5 或 0, 2, 64</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>dimensions: “%1” is neither a number nor a range a-b</source>
        <translation>维度：“%1”既不是数字，也不是 a-b 形式的范围</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+4"/>
        <source>dimensions must lie in [0, %1] (d_model − 1)</source>
        <translation>维度必须位于 [0, %1] 内（d_model − 1）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>dimensions: the range %1-%2 runs backwards</source>
        <translation>维度：范围 %1-%2 是倒序的</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>dimensions: at most %1 curves at once</source>
        <translation>维度：一次最多显示 %1 条曲线</translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <location filename="../../ui/figureexport.cpp" line="+222"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>PosEnc Lab: %1</source>
        <translation>PosEnc Lab：%1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>invalid parameters</source>
        <translation>参数无效</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>unknown view “%1”</source>
        <translation>未知视图“%1”</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>cannot paint a %1x%2 image</source>
        <translation>无法绘制 %1x%2 的图像</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>cannot encode %1 as PNG</source>
        <translation>无法将 %1 编码为 PNG</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>cannot paint the SVG</source>
        <translation>无法绘制 SVG</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>cannot paint the PDF</source>
        <translation>无法绘制 PDF</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>-o: unknown figure format “.%1”; use .png, .svg or .pdf</source>
        <translation>-o：未知图形格式“.%1”；请使用 .png、.svg 或 .pdf</translation>
    </message>
</context>
<context>
    <name>ParamText</name>
    <message>
        <location filename="../../ui/paramtext.cpp" line="+18"/>
        <source>%1 must be an integer in %2</source>
        <translation>%1 必须是 %2 内的整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>start must be a finite number in [-1e9, 1e9], and so must start + seq_len - 1</source>
        <translation>start 必须是 [-1e9, 1e9] 内的有限数值，start + seq_len - 1 也必须如此</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 must be a finite number in %2</source>
        <translation>%1 必须是 %2 内的有限数值</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: “%2” is not a number</source>
        <translation>%1：“%2”不是数字</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>split [sin | cos]</source>
        <translation>分块 [sin | cos]</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>interleaved sin, cos</source>
        <translation>交错 sin, cos</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>tensor2tensor (last w = 1/base)</source>
        <translation>tensor2tensor（最后一个 w = 1/base）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paper: base^(−2i/d)</source>
        <translation>论文：base^(−2i/d)</translation>
    </message>
</context>
<context>
    <name>SceneReader</name>
    <message>
        <location filename="../../ui/lesson.cpp" line="+59"/>
        <source>scene: &quot;%1&quot; must be %2</source>
        <translation>场景：“%1”必须是%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>scene: unknown key &quot;%1&quot;</source>
        <translation>场景：未知键“%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>scene: &quot;layout&quot; must be &quot;interleaved&quot; or &quot;split&quot;</source>
        <translation>场景：&quot;layout&quot; 必须是 &quot;interleaved&quot; 或 &quot;split&quot;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>scene: &quot;frequencies&quot; must be &quot;paper&quot; or &quot;tensor2tensor&quot;</source>
        <translation>场景：&quot;frequencies&quot; 必须是 &quot;paper&quot; 或 &quot;tensor2tensor&quot;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scene: unknown parameter &quot;%1&quot;</source>
        <translation>场景：未知参数“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+42"/>
        <source>scene: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>a list of column indices</source>
        <translation>列索引的列表</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>scene: &quot;dims&quot; must hold column indices in [0, %1]</source>
        <translation>场景：&quot;dims&quot; 中的列索引必须位于 [0, %1] 内</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+5"/>
        <source>a list of numbers</source>
        <translation>数字列表</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>an integer of at least 0</source>
        <translation>不小于 0 的整数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scene: unknown view option &quot;%1&quot;</source>
        <translation>场景：未知视图选项“%1”</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 不是有效的 JSON：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 holds no entries under &quot;%2&quot;</source>
        <translation>%1 中“%2”下没有任何条目</translation>
    </message>
</context>
<context>
    <name>Screenshot</name>
    <message>
        <location filename="../../ui/screenshot.cpp" line="+41"/>
        <source>--size: %1x%2 is smaller than this view can be drawn; it needs at least %3x%4</source>
        <translation>--size：%1x%2 太小，无法绘制此视图；至少需要 %3x%4</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+5"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>posenc::AnimationBar</name>
    <message>
        <location filename="../../ui/animationbar.cpp" line="+104"/>
        <source>Animation</source>
        <translation>动画</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reset &amp;All</source>
        <translation>全部重置(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset All: every parameter back to its default (Ctrl+R)</source>
        <translation>全部重置：将所有参数恢复为默认值（Ctrl+R）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reset All</source>
        <translation>全部重置</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>pos</source>
        <translation>pos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Step pos back</source>
        <translation>pos 后退一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step k back</source>
        <translation>k 后退一步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Play/pause pos</source>
        <translation>播放/暂停 pos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Play/pause k</source>
        <translation>播放/暂停 k</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Step pos forward</source>
        <translation>pos 前进一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step k forward</source>
        <translation>k 前进一步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> steps/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed of pos</source>
        <translation>pos 的速度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Speed of k</source>
        <translation>k 的速度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps per second while playing (1 to 30)</source>
        <translation>播放时每秒的步数（1 到 30）</translation>
    </message>
</context>
<context>
    <name>posenc::ClockFaceGrid</name>
    <message>
        <location filename="../../ui/clockfacegrid.cpp" line="+88"/>
        <location line="+141"/>
        <source>i = %1</source>
        <translation>i = %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>pair i = %1 (%2)
hand at pos · w = %3 rad
light hand at (pos + k) · w = %4 rad
click to show this pair</source>
        <translation>维度对 i = %1（%2）
指针位于 pos · w = %3 rad
浅色指针位于 (pos + k) · w = %4 rad
点击以显示这个维度对</translation>
    </message>
</context>
<context>
    <name>posenc::CurvesView</name>
    <message>
        <location filename="../../ui/curvesview.cpp" line="+39"/>
        <source>Curves of chosen dimensions</source>
        <translation>所选维度的曲线</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Dimensions:</source>
        <translation>维度(&amp;D)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Columns of PE to draw, such as 0-5 or 0, 2, 64-66 (at most %1).</source>
        <translation>要绘制的 PE 列，例如 0-5 或 0, 2, 64-66（最多 %1 个）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dimensions to draw</source>
        <translation>要绘制的维度</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>position pos</source>
        <translation>位置 pos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PE(pos, dimension)</source>
        <translation>PE(pos, 维度)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>pos</source>
        <translation>pos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos + k</source>
        <translation>pos + k</translation>
    </message>
    <message>
        <location line="+127"/>
        <source>dim %1: sin, i = %2</source>
        <translation>维度 %1：sin，i = %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dim %1: cos, i = %2</source>
        <translation>维度 %1：cos，i = %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dim %1: zero column</source>
        <translation>维度 %1：零列</translation>
    </message>
</context>
<context>
    <name>posenc::HeatmapView</name>
    <message>
        <location filename="../../ui/heatmapview.cpp" line="+23"/>
        <source>Heatmap of the encoding</source>
        <translation>位置编码热力图</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>dimension (column of PE)</source>
        <translation>维度（PE 的列）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position pos</source>
        <translation>位置 pos</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>PE value</source>
        <translation>PE 值</translation>
    </message>
</context>
<context>
    <name>posenc::InspectorPanel</name>
    <message>
        <location filename="../../ui/inspectorpanel.cpp" line="+19"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Computation behind the selected value</source>
        <translation>所选值背后的计算</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Click a cell or a point in any view to see the computation behind it.</source>
        <translation>在任意视图中点击一个单元格或一个点，即可查看它背后的计算过程。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Column %1 is beyond d_model = %2.</source>
        <translation>第 %1 列超出了 d_model = %2。</translation>
    </message>
</context>
<context>
    <name>posenc::KeyboardHelp</name>
    <message>
        <location filename="../../ui/keyboardhelp.cpp" line="+43"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+1"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each row: the keys, then what they do</source>
        <translation>每行：先是按键，然后是它们的作用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tab and Shift+Tab move between controls; Space and the arrow keys go to a focused entry, slider or button first.</source>
        <translation>Tab 和 Shift+Tab 在控件之间移动焦点；空格键和方向键优先作用于当前获得焦点的输入框、滑块或按钮。</translation>
    </message>
</context>
<context>
    <name>posenc::LessonsPanel</name>
    <message>
        <location filename="../../ui/lessonspanel.cpp" line="+119"/>
        <source>◀ &amp;Previous</source>
        <translation>◀ 上一课(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous lesson</source>
        <translation>上一课</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Next ▶</source>
        <translation>下一课(&amp;N) ▶</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next lesson</source>
        <translation>下一课</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Show me</source>
        <translation>演示给我看</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set the parameters of this lesson and open its view</source>
        <translation>设置本课的参数并打开对应的视图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The lessons in order; Enter applies the lesson</source>
        <translation>按顺序排列的课程；按 Enter 应用所选课程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lesson text</source>
        <translation>课程正文</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>posenc::MainWindow</name>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+54"/>
        <source>PosEnc Lab</source>
        <translation>PosEnc Lab 位置编码实验室</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>&amp;Heatmap</source>
        <translation>热力图(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Curves</source>
        <translation>曲线(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Spectrum</source>
        <translation>频谱(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rotation</source>
        <translation>旋转(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;imilarity</source>
        <translation>相似度(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Temporal</source>
        <translation>时间编码(&amp;T)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export &amp;data…</source>
        <translation>导出数据(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the numbers behind the current view as .npy or .csv</source>
        <translation>将当前视图背后的数值保存为 .npy 或 .csv</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Parameters</source>
        <translation>参数(&amp;P)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Inspector</source>
        <translation>检查器(&amp;I)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pr&amp;esentation mode</source>
        <translation>演示模式(&amp;E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Large fonts, thick lines, high contrast, full screen</source>
        <translation>大字体、粗线条、高对比度、全屏</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;About PosEnc Lab</source>
        <translation>关于 PosEnc Lab(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>S&amp;cenes</source>
        <translation>场景(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scenes</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scene:</source>
        <translation>场景：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Named scene</source>
        <translation>预设场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prepared parameter sets, one click away</source>
        <translation>预先准备好的参数组合，一键切换</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a scene…</source>
        <translation>选择场景…</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+7"/>
        <source>Scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The seed text&apos;s figure (d_model 128, 30 positions, dims 0–5)</source>
        <translation>种子文本中的插图（d_model 128，30 个位置，维度 0–5）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The original Transformer (d_model 512)</source>
        <translation>原始 Transformer（d_model 512）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A long context (seq_len 8192)</source>
        <translation>长上下文（seq_len 8192）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A small base (100)</source>
        <translation>较小的底数（100）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A large base (1e6)</source>
        <translation>较大的底数（1e6）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hourly and weekly periods (24, 168)</source>
        <translation>按小时和按周的周期（24, 168）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learnable scale at 0.7</source>
        <translation>可学习缩放因子为 0.7</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learnable scale at 1.5</source>
        <translation>可学习缩放因子为 1.5</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>scene: unknown view &quot;%1&quot;</source>
        <translation>场景：未知视图“%1”</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>no scene named &quot;%1&quot;</source>
        <translation>没有名为“%1”的场景</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Animation</source>
        <translation>动画(&amp;A)</translation>
    </message>
    <message>
        <location line="+174"/>
        <source>PE: %1 positions × %2 dimensions (%3 values)</source>
        <translation>PE：%1 个位置 × %2 个维度（共 %3 个值）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>last update: %1 ms</source>
        <translation>上次更新：%1 ms</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+7"/>
        <source>Export data</source>
        <translation>导出数据</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>NumPy array (*.npy);;Comma-separated values (*.csv)</source>
        <translation>NumPy 数组 (*.npy);;逗号分隔值 (*.csv)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;h3&gt;PosEnc Lab %1&lt;/h3&gt;&lt;p&gt;See, teach and publish the sinusoidal positional encoding of Transformers.&lt;/p&gt;&lt;p&gt;Qt %2 (built with %3)&lt;br&gt;Eigen %4.%5.%6&lt;br&gt;QCustomPlot %7&lt;/p&gt;</source>
        <translation>&lt;h3&gt;PosEnc Lab %1&lt;/h3&gt;&lt;p&gt;观察、讲授和发表 Transformer 的正弦位置编码。&lt;/p&gt;&lt;p&gt;Qt %2（构建时版本 %3）&lt;br&gt;Eigen %4.%5.%6&lt;br&gt;QCustomPlot %7&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>About PosEnc Lab</source>
        <translation>关于 PosEnc Lab</translation>
    </message>
</context>
<context>
    <name>posenc::ParameterPanel</name>
    <message>
        <location filename="../../ui/parameterpanel.cpp" line="+23"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>d_model (dimensions)</source>
        <translation>d_model（维度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Width of each encoding vector. The entry accepts 2 to 4096.</source>
        <translation>每个编码向量的宽度。输入框接受 2 到 4096。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seq_len (positions)</source>
        <translation>seq_len（位置数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Number of positions shown, from start. The entry accepts 1 to 16384.</source>
        <translation>从 start 开始显示的位置数。输入框接受 1 到 16384。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>base (10000 in the paper)</source>
        <translation>base（论文中为 10000）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The wavelengths run from 2π to 2π·base. Logarithmic slider from 10 to 1e6; the entry accepts any base above 1 up to 1e12.</source>
        <translation>波长从 2π 延伸到 2π·base。滑块为对数刻度，范围 10 到 1e6；输入框接受大于 1、不超过 1e12 的任意底数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scale (ScaledSinuEmbedding)</source>
        <translation>scale 缩放（ScaledSinuEmbedding）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Multiplies the whole encoding. The slider spans 0.1 to 2.0, the range ScaledSinuEmbedding clamps its learnable scale to; the entry accepts more.</source>
        <translation>与整个编码相乘。滑块范围为 0.1 到 2.0，即 ScaledSinuEmbedding 对其可学习缩放因子的截断范围；输入框可接受更大的范围。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>offset k</source>
        <translation>偏移量 k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The relative offset in PE(pos + k) = M_k · PE(pos). Negative k looks back; the entry accepts fractions too.</source>
        <translation>PE(pos + k) = M_k · PE(pos) 中的相对偏移量。负的 k 表示向回看；输入框也接受小数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>position pos</source>
        <translation>位置 pos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The position marked in the views; pos + k is marked too. The encoding is defined between integer positions as well.</source>
        <translation>在各视图中标记的位置；pos + k 也会被标记。编码在整数位置之间同样有定义。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>start position</source>
        <translation>起始位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row r of the heatmap is position start + r.</source>
        <translation>热力图的第 r 行对应位置 start + r。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Convention</source>
        <translation>约定</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interleaved: sin at even columns, cos at odd ones (Vaswani et al.). Split: all sines, then all cosines (tensor2tensor, fairseq).</source>
        <translation>交错：偶数列为 sin，奇数列为 cos（Vaswani 等人）。分块：先排全部正弦，再排全部余弦（tensor2tensor、fairseq）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Frequencies</source>
        <translation>频率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper: w_i = base^(−2i/d_model). tensor2tensor: the ladder is stretched so that the last frequency is exactly 1/base.</source>
        <translation>论文：w_i = base^(−2i/d_model)。tensor2tensor：将频率阶梯拉伸，使最后一个频率恰好为 1/base。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Layout</source>
        <translation>布局(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Frequencies</source>
        <translation>频率(&amp;F)</translation>
    </message>
</context>
<context>
    <name>posenc::RotationView</name>
    <message>
        <location filename="../../ui/rotationview.cpp" line="+106"/>
        <source>Rotation M_k</source>
        <translation>旋转 M_k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Pair i:</source>
        <translation>维度对 i(&amp;P)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pair shown in detail</source>
        <translation>详细显示的维度对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The pair (sin, cos) of frequency w_i whose rotation is shown in detail. Clicking a clock chooses its pair too.</source>
        <translation>频率为 w_i 的 (sin, cos) 维度对，详细显示它的旋转。点击某个时钟也会选中对应的维度对。</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>The 2 × 2 rotation block of the chosen pair</source>
        <translation>所选维度对的 2 × 2 旋转块</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>The pair on the unit circle</source>
        <translation>单位圆上的维度对</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>pos</source>
        <translation>pos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos + k</source>
        <translation>pos + k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>angle 0</source>
        <translation>角度 0</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Clocks: one hand per pair</source>
        <translation>时钟：每个维度对一根指针</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>M_k as a heatmap</source>
        <translation>以热力图显示 M_k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>column of Mₖ</source>
        <translation>Mₖ 的列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row of Mₖ</source>
        <translation>Mₖ 的行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>entry of Mₖ</source>
        <translation>Mₖ 的元素</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>dimensions &lt;b&gt;%2&lt;/b&gt; (sin) and &lt;b&gt;%3&lt;/b&gt; (cos), &amp;nbsp;%4&lt;br&gt;k = &lt;b&gt;%5&lt;/b&gt;, pos = &lt;b&gt;%9&lt;/b&gt;, pos + k = &lt;b&gt;%10&lt;/b&gt;: &amp;nbsp;k·w&lt;sub&gt;%1&lt;/sub&gt; = %5 × %6 = &lt;b&gt;%7 rad&lt;/b&gt; (%8°)</source>
        <translation>维度 &lt;b&gt;%2&lt;/b&gt;（sin）和 &lt;b&gt;%3&lt;/b&gt;（cos），&amp;nbsp;%4&lt;br&gt;k = &lt;b&gt;%5&lt;/b&gt;，pos = &lt;b&gt;%9&lt;/b&gt;，pos + k = &lt;b&gt;%10&lt;/b&gt;：&amp;nbsp;k·w&lt;sub&gt;%1&lt;/sub&gt; = %5 × %6 = &lt;b&gt;%7 rad&lt;/b&gt;（%8°）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&lt;b&gt;Column vectors&lt;/b&gt;: PE(pos + k) = M&lt;sub&gt;k&lt;/sub&gt; · PE(pos)</source>
        <translation>&lt;b&gt;列向量&lt;/b&gt;：PE(pos + k) = M&lt;sub&gt;k&lt;/sub&gt; · PE(pos)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;b&gt;Row vectors&lt;/b&gt;: PE(pos + k) = PE(pos) · M&lt;sub&gt;k&lt;/sub&gt;ᵀ</source>
        <translation>&lt;b&gt;行向量&lt;/b&gt;：PE(pos + k) = PE(pos) · M&lt;sub&gt;k&lt;/sub&gt;ᵀ</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Directly: %1·sin(%2·w&lt;sub&gt;%3&lt;/sub&gt;) = &lt;b&gt;%4&lt;/b&gt;, %1·cos(%2·w&lt;sub&gt;%3&lt;/sub&gt;) = &lt;b&gt;%5&lt;/b&gt;&lt;br&gt;&lt;span style=&apos;color:#1a7f37&apos;&gt;✓&lt;/span&gt; both notations give these (largest difference %6)</source>
        <translation>直接计算：%1·sin(%2·w&lt;sub&gt;%3&lt;/sub&gt;) = &lt;b&gt;%4&lt;/b&gt;，%1·cos(%2·w&lt;sub&gt;%3&lt;/sub&gt;) = &lt;b&gt;%5&lt;/b&gt;&lt;br&gt;&lt;span style=&apos;color:#1a7f37&apos;&gt;✓&lt;/span&gt; 两种写法都得到这些值（最大差值 %6）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>&lt;span style=&apos;color:%1&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;PE(pos&amp;nbsp;=&amp;nbsp;%2) &amp;nbsp; &lt;span style=&apos;color:%3&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;PE(pos&amp;nbsp;+&amp;nbsp;k&amp;nbsp;=&amp;nbsp;%4) &amp;nbsp; &lt;span style=&apos;color:%5&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;k·w&lt;sub&gt;%6&lt;/sub&gt; (clockwise for k &amp;gt; 0); radius |scale| = %7</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;PE(pos&amp;nbsp;=&amp;nbsp;%2) &amp;nbsp; &lt;span style=&apos;color:%3&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;PE(pos&amp;nbsp;+&amp;nbsp;k&amp;nbsp;=&amp;nbsp;%4) &amp;nbsp; &lt;span style=&apos;color:%5&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;k·w&lt;sub&gt;%6&lt;/sub&gt;（k &amp;gt; 0 时为顺时针）；半径 |scale| = %7</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1 rad</source>
        <translation>%1 rad</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(%1 turns + %2 rad)</source>
        <translation>（%1 圈 + %2 rad）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>sin: PE(pos, %1)</source>
        <translation>sin: PE(pos, %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cos: PE(pos, %1)</source>
        <translation>cos: PE(pos, %1)</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>λ %1</source>
        <translation>λ %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;b&gt;Every pair is a clock&lt;/b&gt;: hand at angle pos·w&lt;sub&gt;i&lt;/sub&gt; from 12 o&apos;clock, clockwise; &lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;dark: pos&lt;/b&gt;&lt;/span&gt;, &lt;span style=&apos;color:%2&apos;&gt;&lt;b&gt;light: pos + k&lt;/b&gt;&lt;/span&gt;; λ = 2π/w&lt;sub&gt;i&lt;/sub&gt; positions per turn.</source>
        <translation>&lt;b&gt;每个维度对都是一只时钟&lt;/b&gt;：指针从 12 点方向顺时针转过角度 pos·w&lt;sub&gt;i&lt;/sub&gt;；&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;深色：pos&lt;/b&gt;&lt;/span&gt;，&lt;span style=&apos;color:%2&apos;&gt;&lt;b&gt;浅色：pos + k&lt;/b&gt;&lt;/span&gt;；每转一圈经过 λ = 2π/w&lt;sub&gt;i&lt;/sub&gt; 个位置。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;Showing %1 of %2 pairs&lt;/b&gt;: i = 0, %3, %4, … (one pair in every %3).</source>
        <translation>&lt;b&gt;显示 %2 个维度对中的 %1 个&lt;/b&gt;：i = 0, %3, %4, …（每 %3 对取一对）。</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>&lt;b&gt;M&lt;sub&gt;k&lt;/sub&gt;&lt;/b&gt; (%1 × %1, k = %2): one 2 × 2 rotation per pair</source>
        <translation>&lt;b&gt;M&lt;sub&gt;k&lt;/sub&gt;&lt;/b&gt;（%1 × %1，k = %2）：每个维度对一个 2 × 2 旋转</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, pair i couples columns i and i + %1 (the off-diagonal bands)</source>
        <translation>，维度对 i 耦合第 i 列和第 i + %1 列（非对角线上的条带）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> on the diagonal</source>
        <translation>，位于对角线上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>. Outlined: pair %1. &lt;i&gt;M&lt;sub&gt;k&lt;/sub&gt; depends on k only: move pos and it stays the same.&lt;/i&gt;</source>
        <translation>。带边框的是维度对 %1。&lt;i&gt;M&lt;sub&gt;k&lt;/sub&gt; 只取决于 k：移动 pos，它保持不变。&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shown reduced: each cell is a %1 × %1 block of M&lt;sub&gt;k&lt;/sub&gt; and shows its entry of largest magnitude.</source>
        <translation>缩略显示：每个单元格代表 M&lt;sub&gt;k&lt;/sub&gt; 的一个 %1 × %1 块，显示其中绝对值最大的元素。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>over pos = %1 … %2</source>
        <translation>在 pos = %1 … %2 上</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>over the first and the last %1 of the %2 positions (pos = %3 … %4)</source>
        <translation>在 %2 个位置中的前 %1 个和后 %1 个上（pos = %3 … %4）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check, max |Mₖ PE(pos) − PE(pos + k)| %1: %2 (float64), %3 (float32)</source>
        <translation>检验：%1，max |Mₖ PE(pos) − PE(pos + k)| = %2（float64），%3（float32）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Dimension %1 (sin of pair %2) has no cos partner: Mₖ cannot carry it; its row is zero.</source>
        <translation>维度 %1（维度对 %2 的 sin）没有对应的 cos：Mₖ 无法变换它；它所在的行为零。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>d_model is odd: the split layout&apos;s last column %1 is zero and Mₖ maps it to itself (a 1 on the diagonal).</source>
        <translation>d_model 为奇数：分块布局的最后一列 %1 为零，Mₖ 将它映射到自身（对角线上为 1）。</translation>
    </message>
</context>
<context>
    <name>posenc::SimilarityView</name>
    <message>
        <location filename="../../ui/similarityview.cpp" line="+60"/>
        <source>C&amp;osine similarity</source>
        <translation>余弦相似度(&amp;O)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Similarity of positions</source>
        <translation>位置之间的相似度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show PE(p) · PE(q) / (|PE(p)| |PE(q)|) instead of the dot product.</source>
        <translation>显示 PE(p) · PE(q) / (|PE(p)| |PE(q)|)，而不是点积。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The two distinct positions of the sequence whose encodings are closest: as long as this stays clearly above zero, every position has its own vector.</source>
        <translation>序列中编码最接近的两个不同位置：只要这个距离明显大于零，每个位置就都有自己独有的向量。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>position q</source>
        <translation>位置 q</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>offset Δ = q − p (positions)</source>
        <translation>偏移量 Δ = q − p（位置数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PE(p) · PE(p + Δ)</source>
        <translation>PE(p) · PE(p + Δ)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dot product depends only on the offset Δ</source>
        <translation>点积只取决于偏移量 Δ</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>scale² · Σ_i cos(Δ · w_i)</source>
        <translation>scale² · Σ_i cos(Δ · w_i)</translation>
    </message>
    <message>
        <location line="+133"/>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PE(p) · PE(q)</source>
        <translation>PE(p) · PE(q)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cosine similarity
PE(p) · PE(q) / (|PE(p)| |PE(q)|)</source>
        <translation>余弦相似度
PE(p) · PE(q) / (|PE(p)| |PE(q)|)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dot products PE · PEᵀ</source>
        <translation>点积 PE · PEᵀ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 in every %1 positions shown (%2 of %3)</source>
        <translation>每 %1 个位置显示 1 个（%3 个中的 %2 个）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>p = %1</source>
        <translation>p = %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>PE(p) · PE(p + Δ), measured, p = %1</source>
        <translation>PE(p) · PE(p + Δ)，实测值，p = %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Δ = k = %1</source>
        <translation>Δ = k = %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>d_model is odd: column %1 is a sine without a cosine; its term scale² · sin(p·w) · sin(q·w)
depends on p itself, not only on Δ, and the closed form leaves it out: the dots may leave the line.</source>
        <translation>d_model 为奇数：第 %1 列是没有余弦搭档的正弦；它的项 scale² · sin(p·w) · sin(q·w)
取决于 p 本身，而不只取决于 Δ，闭式表达式没有包含它：数据点可能偏离曲线。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Only one position: there is no second position to compare.</source>
        <translation>只有一个位置：没有第二个位置可供比较。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>closest positions: %1 and %2, |PE(%1) − PE(%2)| = %3</source>
        <translation>最接近的位置：%1 和 %2，|PE(%1) − PE(%2)| = %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> — two positions share (almost) the same vector: the encoding cannot tell them apart</source>
        <translation> —— 两个位置（几乎）共用同一个向量：编码无法区分它们</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> — every position has its own vector</source>
        <translation> —— 每个位置都有自己独有的向量</translation>
    </message>
</context>
<context>
    <name>posenc::SpectrumView</name>
    <message>
        <location filename="../../ui/spectrumview.cpp" line="+99"/>
        <source>dim %1 (sin, i = %2)</source>
        <translation>维度 %1（sin，i = %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dim %1 (cos, i = %2)</source>
        <translation>维度 %1（cos，i = %2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>dim %1 (zero column)</source>
        <translation>维度 %1（零列）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Frequencies and spectra of the encoding</source>
        <translation>编码的频率与频谱</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Frequency ladder: one wavelength per pair i</source>
        <translation>频率阶梯：每个维度对 i 一个波长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spectrum of the chosen dimensions along positions (DFT)</source>
        <translation>所选维度沿位置方向的频谱（DFT）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Spectrum of every dimension</source>
        <translation>所有维度的频谱</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>pair index i</source>
        <translation>维度对索引 i</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wavelength 2π/w_i (positions)</source>
        <translation>波长 2π/w_i（位置数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frequency w_i (rad/position)</source>
        <translation>频率 w_i（rad/位置）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>wavelength of pair i</source>
        <translation>维度对 i 的波长</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&gt; seq_len: barely changes over the sequence</source>
        <translation>&gt; seq_len：在整个序列上几乎不变</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>frequency (cycles per position)</source>
        <translation>频率（周/位置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>amplitude</source>
        <translation>幅度</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>expected peak w_i/(2π)</source>
        <translation>预期峰值位置 w_i/(2π)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>dimension (column of PE)</source>
        <translation>维度（PE 的列）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>frequency (cycles/pos.)</source>
        <translation>频率（周/位置）</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>2π ≈ %1</source>
        <translation>2π ≈ %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>2π·%1 ≈ %2</source>
        <translation>2π·%1 ≈ %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>2π·%1^(%2/%3) ≈ %4</source>
        <translation>2π·%1^(%2/%3) ≈ %4</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>seq_len = %1</source>
        <translation>seq_len = %1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>P = %1</source>
        <translation>P = %1</translation>
    </message>
</context>
<context>
    <name>posenc::TemporalView</name>
    <message>
        <location filename="../../ui/temporalview.cpp" line="+73"/>
        <source>Temporal encodings</source>
        <translation>时间编码</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Periods:</source>
        <translation>周期(&amp;P)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Periods</source>
        <translation>周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Positive periods in time steps, separated by commas, such as 24, 168 (hour of the day, hour of the week); at most %1.</source>
        <translation>以时间步为单位的正周期，用逗号分隔，例如 24, 168（一天中的小时、一周中的小时）；最多 %1 个。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add a period</source>
        <translation>添加周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a period: 24 (a day of hours), 168 (a week), 720 (30 days), 8766 (a year), then twice the longest.</source>
        <translation>添加一个周期：依次为 24（一天的小时数）、168（一周）、720（30 天）、8766（一年），之后为最长周期的两倍。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove the last period</source>
        <translation>移除最后一个周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the last period.</source>
        <translation>移除最后一个周期。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Steps:</source>
        <translation>时间步数(&amp;S)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Number of time steps</source>
        <translation>时间步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time steps t = 0 … steps − 1 (rows of the encoding).</source>
        <translation>时间步 t = 0 … steps − 1（编码的各行）。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+38"/>
        <source>time step t</source>
        <translation>时间步 t</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sin or cos(2π t / P)</source>
        <translation>sin 或 cos(2π t / P)</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>periods: “%1” is not a number</source>
        <translation>周期：“%1”不是数字</translation>
    </message>
    <message>
        <location line="+83"/>
        <location line="+30"/>
        <source>sin %1</source>
        <translation>sin %1</translation>
    </message>
    <message>
        <location line="-29"/>
        <location line="+30"/>
        <source>cos %1</source>
        <translation>cos %1</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>sin, cos(2π t / P)</source>
        <translation>sin, cos(2π t / P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 in every %1 steps shown</source>
        <translation>每 %1 个时间步显示 1 个</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>t = pos = %1</source>
        <translation>t = pos = %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Where step t = pos = %1 lands on the circle of each period: x = sin(2πt/P), y = cos(2πt/P) (pos: the probe position of the parameters)</source>
        <translation>时间步 t = pos = %1 在每个周期圆上的落点：x = sin(2πt/P)，y = cos(2πt/P)（pos：参数中的探测位置）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>— outside the %1 steps of the table</source>
        <translation>—— 超出表格的 %1 个时间步</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>P = %1
t mod P = %2</source>
        <translation>P = %1
t mod P = %2</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Note: the seed&apos;s temporal_position_encoding allocates sum(periods) · 2 = %1 columns but fills only two per period; this view shows the 2 × %2 = %3 columns it meant.</source>
        <translation>注意：种子文本中的 temporal_position_encoding 分配了 sum(periods) · 2 = %1 列，但每个周期只填充两列；本视图显示的是它原本想要的 2 × %2 = %3 列。</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>t = 0</source>
        <translation>t = 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P/4</source>
        <translation>P/4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P/2</source>
        <translation>P/2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3P/4</source>
        <translation>3P/4</translation>
    </message>
</context>
</TS>
